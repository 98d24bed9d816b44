/**
 * The generic fallback of decisions.md: when a body cannot be parsed for the extraction (a
 * JSON page that is not JSON, a binary answer), the call still succeeds with the raw body so
 * the caller gets something useful: `{status: 'success', data: null, raw, content_type}`.
 */
import { FALLBACK_RAW_BYTES, truncateUtf8 } from './text.js';

/** Thrown by the extract step; caught only by runEndpoint, which answers the fallback body. */
export class UnparseableBody extends Error {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {
    super('The page body cannot be parsed for the extraction.');
    this.name = 'UnparseableBody';
  }
}

export interface FallbackBody {
  status: 'success';
  data: null;
  raw: string;
  content_type: string;
}

export function fallbackBody(err: UnparseableBody): FallbackBody {
  return { status: 'success', data: null, raw: truncateUtf8(err.text, FALLBACK_RAW_BYTES), content_type: err.contentType };
}

const BINARY = /^(image|audio|video|font)\/|^application\/(pdf|octet-stream|zip|gzip|x-[\w-]*compressed|msword|vnd\.)/;

/** A media type no extraction can read. */
export function isBinaryType(contentType: string): boolean {
  return BINARY.test(contentType) && !/json|xml|html/.test(contentType);
}
