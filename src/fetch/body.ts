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
  let total = 0;
  try {
    return await collect(stream, maxBytes, (n) => (total = n));
  } finally {
    // On any failure (cap, corrupt data, abort) release the socket instead of draining it.
    if (total > maxBytes || !body.readableEnded) body.destroy();
    for (const d of decoders) d.destroy();
  }
}

/**
 * The stream's chunks, joined, with listeners rather than an async iterator: every upstream
 * answer is read here, and `for await` over a stream sets up an iterator, a finished() watcher
 * and a promise per chunk. Fails on 'error', on more than `maxBytes`, and on a close before 'end'.
 */
const ignore = (): void => undefined;

function collect(stream: Readable, maxBytes: number, counted: (total: number) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = (err: Error | null) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', done);
      stream.off('close', onClose);
      // A late error (the socket failing as it is released) must not go unhandled.
      stream.on('error', ignore);
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      counted(total);
      if (total > maxBytes) done(new BodyTooLargeError(maxBytes));
      else chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const onClose = () => done(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    if (stream.readableEnded) return resolve(Buffer.alloc(0));
    if (stream.errored) return reject(stream.errored);
    if (stream.destroyed) return onClose();
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', done);
    stream.on('close', onClose);
  });
}
