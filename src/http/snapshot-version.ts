/** The `API-Snapshot-Version` header, read by the HTTP routes that run or describe a pinned version. */
import { badRequest } from '../errors/index.js';

/** An integer >= 1, written plainly; undefined when the header is absent. */
export function parseSnapshotVersion(raw: string | string[] | undefined): number | undefined {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined) return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(text.trim())) {
    throw badRequest('Invalid API-Snapshot-Version header: expected an integer >= 1');
  }
  return Number(text.trim());
}
