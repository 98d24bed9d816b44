/** Byte-bounded slices of text: snippets of upstream bodies and the fallback's raw body. */

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  // Fast path: even at 3 bytes per UTF-16 unit the text fits.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

export const SNIPPET_BYTES = 1024;
export const FALLBACK_RAW_BYTES = 64 * 1024;
