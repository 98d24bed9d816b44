/**
 * Reading a response body: undoing Content-Encoding (gzip, deflate, br) and enforcing the size
 * cap on the decoded bytes, so a small compressed "bomb" cannot blow past the limit.
 */
import { Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Encodings we can undo, advertised in Accept-Encoding. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body exceeds the ${limit}-byte limit`);
    this.name = 'BodyTooLargeError';
  }
}

export class UnsupportedEncodingError extends Error {
  constructor(readonly encoding: string) {
    super(`unsupported content-encoding "${encoding}"`);
    this.name = 'UnsupportedEncodingError';
  }
}

/**
 * "deflate" is meant to be zlib-wrapped, but some servers send raw deflate; the first byte of a
 * zlib stream has compression method 8 in its low nibble, so sniff it and pick the right one.
 */
function deflateDecoder(): Transform {
  let inner: Transform | null = null;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!inner) {
        inner = (chunk[0] & 0x0f) === 8 ? zlib.createInflate() : zlib.createInflateRaw();
        inner.on('data', (d: Buffer) => this.push(d));
        inner.on('error', (err) => this.destroy(err));
      }
      inner.write(chunk, () => done());
    },
    flush(done) {
      if (!inner) return done();
      inner.once('end', () => done());
      inner.end();
    },
  });
}

function decoderFor(encoding: string): Transform | null {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return deflateDecoder();
    case 'br':
      return zlib.createBrotliDecompress();
    case 'identity':
    case '':
      return null;
    default:
      throw new UnsupportedEncodingError(encoding);
  }
}

/** Content-Encoding values in the order they must be undone (last applied first). */
export function encodingsToUndo(contentEncoding: string | undefined): string[] {
  return (contentEncoding ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .reverse();
}

/**
 * Reads the whole body, decompressed, failing with BodyTooLargeError as soon as more than
 * `maxBytes` decoded bytes arrive (the stream is destroyed, so the socket stops reading).
 */
export async function readBody(body: Readable, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const decoders = encodingsToUndo(contentEncoding)
    .map(decoderFor)
    .filter((d): d is Transform => d !== null);
  let stream: Readable = body;
  for (const decoder of decoders) {
    const source = stream;
    source.on('error', (err) => decoder.destroy(err));
    stream = source.pipe(decoder);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw new BodyTooLargeError(maxBytes);
      chunks.push(chunk as Buffer);
    }
  } finally {
    // On any failure (cap, corrupt data, abort) release the socket instead of draining it.
    if (total > maxBytes || !body.readableEnded) body.destroy();
    for (const d of decoders) d.destroy();
  }
  return Buffer.concat(chunks);
}
