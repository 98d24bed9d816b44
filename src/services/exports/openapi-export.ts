/**
 * GET /v1/apis/{scraper_id}/openapi.json as an operation: resolve what the caller may see,
 * build the document and its strong ETag. Versions never change once written, so a rendered
 * document is kept (bounded) and a revalidation costs two small reads, not a re-render.
 */
import type { ServiceDeps } from '../deps.js';
import { parseVersionQuery, visibleSnapshot } from './access.js';
import { canonicalJson, strongEtag } from './etag.js';
import { openApiDocument } from './openapi.js';
import { LruCache } from '../../lru-cache.js';

export interface OpenApiExport {
  /** The document as canonical JSON: exactly the text the ETag was computed over. */
  body: string;
  etag: string;
  /** The version pinned by `?version=`, echoed as API-Snapshot-Version; null for the live document. */
  pinned: number | null;
}

const rendered = new LruCache<string, { body: string; etag: string }>(500);

export async function openApiExport(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'canonicals'>,
  userId: string,
  scraperId: string,
  rawVersion: string | undefined,
): Promise<OpenApiExport> {
  const pinned = parseVersionQuery(rawVersion);
  const snapshot = await visibleSnapshot(deps, userId, scraperId, pinned);
  const key = `${deps.config.publicUrl}\u0000${snapshot.scraper.id}\u0000${snapshot.version}\u0000${pinned !== null}`;
  let hit = rendered.get(key);
  if (!hit) {
    const body = canonicalJson(openApiDocument(deps.config, snapshot, { pinned }));
    hit = { body, etag: strongEtag(body) };
    rendered.set(key, hit);
  }
  return { ...hit, pinned };
}
