/**
 * Where long MCP results wait for `read_more`. Memory for one process (bounded in bytes, oldest
 * dropped first); the database when several API processes answer the same agents, so a cursor
 * made by one is read by another. Both forget a result once it expires.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Stored } from './result-pages.js';

export interface PageStore {
  put(id: string, stored: Stored): Promise<void>;
  /** The stored result, or undefined when unknown or expired. */
  get(id: string): Promise<Stored | undefined>;
}

const MEMORY_MAX_BYTES = 64 * 1024 * 1024;

export class MemoryPageStore implements PageStore {
  private readonly entries = new Map<string, Stored>();
  private totalBytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  put(id: string, stored: Stored): Promise<void> {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      // Oldest first (insertion order): drop the expired, and the oldest while over the memory bound.
      if (entry.expiresAt > now && this.totalBytes + stored.bytes <= MEMORY_MAX_BYTES) break;
      this.entries.delete(key);
      this.totalBytes -= entry.bytes;
    }
    this.entries.set(id, stored);
    this.totalBytes += stored.bytes;
    return Promise.resolve();
  }

  get(id: string): Promise<Stored | undefined> {
    const stored = this.entries.get(id);
    return Promise.resolve(stored && stored.expiresAt > this.now() ? stored : undefined);
  }
}

export class DbPageStore implements PageStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async put(id: string, stored: Stored): Promise<void> {
    const nowIso = new Date(this.now()).toISOString();
    // The sweep rides on the write: an indexed range delete, usually of nothing.
    await this.db.kysely.deleteFrom('mcp_result_pages').where('expires_at', '<=', nowIso).execute();
    await this.db.kysely
      .insertInto('mcp_result_pages')
      .values({ id, user_id: stored.userId, expires_at: new Date(stored.expiresAt).toISOString(), body: JSON.stringify(stored) })
      .execute();
  }

  async get(id: string): Promise<Stored | undefined> {
    const row = await this.db.kysely
      .selectFrom('mcp_result_pages')
      .select('body')
      .where('id', '=', id)
      .where('expires_at', '>', sql<string>`${new Date(this.now()).toISOString()}`)
      .executeTakeFirst();
    return row ? (JSON.parse(row.body) as Stored) : undefined;
  }
}
