/**
 * Decoding response bytes to text. The charset is chosen in this order:
 * 1. a byte-order mark (it is unambiguous; the WHATWG encoding standard lets it win over the
 *    header too, and a misconfigured header is far more common than a wrong BOM);
 * 2. the Content-Type header's `charset` parameter;
 * 3. `<meta charset>` / `<meta http-equiv content="...charset=...">` or an XML declaration in the
 *    first 4 KB (HTML and XML bodies only; JSON and the like are UTF-8 by definition);
 * 4. UTF-8.
 * Decoding uses TextDecoder (full ICU: shift_jis, gbk, euc-kr, windows-125x, ...) and falls back to
 * iconv-lite for labels TextDecoder does not know. The BOM is never part of the text.
 */
import iconv from 'iconv-lite';

export interface DecodedText {
  text: string;
  /** Canonical name of the charset used, e.g. `windows-1252` for a declared `iso-8859-1`. */
  charset: string;
}

const SNIFF_BYTES = 4096;

const BOMS: Array<[bytes: number[], charset: string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

function bomCharset(bytes: Uint8Array): { charset: string; length: number } | null {
  for (const [bom, charset] of BOMS) {
    if (bom.every((b, i) => bytes[i] === b)) return { charset, length: bom.length };
  }
  return null;
}

/** The `charset` parameter of a Content-Type value, unquoted, or null. */
export function headerCharset(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*("?)([^";,\s]+)\1/i.exec(contentType ?? '');
  return match ? match[2].toLowerCase() : null;
}

/** Lower-cased media type without parameters (`text/html`), or '' when absent. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

function sniffsMarkup(type: string): boolean {
  return type === '' || type.includes('html') || type.includes('xml');
}

/** A charset declared inside the document: meta charset, meta http-equiv, or XML declaration. */
export function declaredCharset(bytes: Uint8Array): string | null {
  // latin1 maps bytes 1:1, so ASCII markup is readable whatever the real encoding is.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFF_BYTES)).toString('latin1');
  const meta = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  if (meta) {
    const label = meta[1].toLowerCase();
    // A UTF-16 declaration readable as ASCII cannot be true; browsers treat it as UTF-8.
    return label.startsWith('utf-16') ? 'utf-8' : label;
  }
  const xml = /^\s*<\?xml\b[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  return xml ? xml[1].toLowerCase() : null;
}

/**
 * Charsets Node's TextDecoder gets wrong: Node 20's windows-1252 decoder takes an ISO-8859-1 fast
 * path (0x80 becomes U+0080 instead of the euro sign), so iconv-lite decodes those.
 */
const ICONV_FIRST = new Set(['windows-1252']);

function decodeWith(label: string, bytes: Uint8Array): DecodedText | null {
  try {
    const decoder = new TextDecoder(label, { ignoreBOM: true });
    if (ICONV_FIRST.has(decoder.encoding)) return { text: iconv.decode(Buffer.from(bytes), decoder.encoding, { stripBOM: false }), charset: decoder.encoding };
    return { text: decoder.decode(bytes), charset: decoder.encoding };
  } catch {
    // Not a label TextDecoder knows; iconv-lite knows many legacy ones.
  }
  if (iconv.encodingExists(label)) return { text: iconv.decode(Buffer.from(bytes), label, { stripBOM: false }), charset: label };
  return null;
}

/** Decodes a body using the rules above. */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): DecodedText {
  const bom = bomCharset(bytes);
  if (bom) return decodeWith(bom.charset, bytes.subarray(bom.length)) as DecodedText;
  const candidates = [headerCharset(contentType), sniffsMarkup(mediaType(contentType)) ? declaredCharset(bytes) : null];
  for (const label of candidates) {
    if (!label) continue;
    const decoded = decodeWith(label, bytes);
    if (decoded) return decoded;
  }
  return decodeWith('utf-8', bytes) as DecodedText;
}
