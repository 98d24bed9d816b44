/**
 * Agents drown in big answers, so every tool result is capped (RESULT_CAP_BYTES of JSON text).
 * A bigger result is kept in memory for a while under an opaque cursor, and the agent reads the
 * rest with the `read_more` tool. Two ways to cut:
 * - items: when the answer is a list (`data` is an array, or the answer itself is one), each part
 *   is valid JSON holding whole items, the rest of the answer (status, meta) repeated;
 * - text: otherwise, the JSON text is cut into byte slices (on character boundaries).
 * A cursor names a stored result and a position in it, so reading the same cursor twice gives
 * the same part (an agent may retry). Only the user who made a result can read it.
 * Where results are kept is a `PageStore` (page-store.ts): in memory for one process, in the
 * database when several API processes share the work, so any of them answers a cursor.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { DbPageStore, MemoryPageStore, type PageStore } from './page-store.js';

export const RESULT_CAP_BYTES = 24 * 1024;
export const TTL_MS = 15 * 60_000;

type Json = Record<string, unknown>;

export interface Stored {
  userId: string;
  expiresAt: number;
  bytes: number;
  /** items: `envelope` with `items` put back at `key` (null: the answer is the array itself). */
  kind: 'items' | 'text';
  items: unknown[];
  envelope: Json | null;
  text: string;
}

export interface Part {
  /** The JSON text of this part. */
  text: string;
  /** Cursor of the next part, or null when this part ends the result. */
  next: string | null;
  /** Human words saying which part this is (null when the result was not cut). */
  note: string | null;
}

const bytesOf = (s: string) => Buffer.byteLength(s, 'utf8');

export class ResultPages {
  constructor(
    private readonly capBytes = RESULT_CAP_BYTES,
    private readonly now: () => number = Date.now,
    private readonly store: PageStore = new MemoryPageStore(now),
  ) {}

  /** The first part of a result; stores the whole when it does not fit. */
  async first(userId: string, value: unknown): Promise<Part> {
    const text = JSON.stringify(value ?? null);
    if (bytesOf(text) <= this.capBytes) return { text, next: null, note: null };
    const stored = this.itemsOf(userId, value, text) ?? this.textOf(userId, text);
    const id = randomBytes(16).toString('base64url');
    stored.expiresAt = this.now() + TTL_MS;
    await this.store.put(id, stored);
    return this.partAt(id, stored, 0);
  }

  /** The part a cursor names, or null when it is unknown, expired or someone else's. */
  async read(userId: string, cursor: string): Promise<Part | null> {
    const m = /^([A-Za-z0-9_-]{22})\.(\d{1,12})$/.exec(cursor);
    if (!m) return null;
    const stored = await this.store.get(m[1]);
    if (!stored || stored.userId !== userId || stored.expiresAt <= this.now()) return null;
    const at = Number(m[2]);
    const end = stored.kind === 'items' ? stored.items.length : bytesOf(stored.text);
    if (at >= end) return null;
    return this.partAt(m[1], stored, at);
  }

  private partAt(id: string, s: Stored, at: number): Part {
    return s.kind === 'items' ? this.itemsPart(id, s, at) : this.textPart(id, s, at);
  }

  private itemsOf(userId: string, value: unknown, text: string): Stored | null {
    let items: unknown[];
    let envelope: Json | null = null;
    if (Array.isArray(value)) items = value;
    else if (value && typeof value === 'object' && Array.isArray((value as Json).data)) {
      items = (value as Json).data as unknown[];
      envelope = value as Json;
    } else return null;
    // Cut by items only when every item fits in a part beside the rest of the answer.
    const room = this.capBytes - this.envelopeBytes(envelope);
    if (room < this.capBytes / 2 || items.some((item) => bytesOf(JSON.stringify(item) ?? 'null') + 1 > room)) return null;
    return { userId, expiresAt: 0, bytes: bytesOf(text), kind: 'items', items, envelope, text: '' };
  }

  private textOf(userId: string, text: string): Stored {
    return { userId, expiresAt: 0, bytes: bytesOf(text), kind: 'text', items: [], envelope: null, text };
  }

  private envelopeBytes(envelope: Json | null): number {
    return envelope ? bytesOf(JSON.stringify({ ...envelope, data: [] })) : 2;
  }

  private itemsPart(id: string, s: Stored, at: number): Part {
    const room = this.capBytes - this.envelopeBytes(s.envelope);
    let end = at;
    let used = 0;
    while (end < s.items.length) {
      const size = bytesOf(JSON.stringify(s.items[end]) ?? 'null') + 1;
      if (used + size > room) break;
      used += size;
      end++;
    }
    const slice = s.items.slice(at, end);
    const text = JSON.stringify(s.envelope ? { ...s.envelope, data: slice } : slice);
    const next = end < s.items.length ? `${id}.${end}` : null;
    const note = `Items ${at + 1}-${end} of ${s.items.length}${next ? '; call read_more with this cursor for the next items' : ' (the last part)'}.`;
    return { text, next, note };
  }

  private textPart(id: string, s: Stored, at: number): Part {
    const buf = Buffer.from(s.text, 'utf8');
    let end = Math.min(buf.length, at + this.capBytes);
    // Never cut inside a UTF-8 sequence: back off over continuation bytes.
    while (end < buf.length && end > at && (buf[end] & 0xc0) === 0x80) end--;
    const next = end < buf.length ? `${id}.${end}` : null;
    const note = `Bytes ${at + 1}-${end} of ${buf.length} of the JSON text${next ? '; call read_more with this cursor for the rest' : ' (the last part)'}.`;
    return { text: buf.subarray(at, end).toString('utf8'), next, note };
  }
}

/**
 * One store per running service (its deps object), so separate apps never share results. On
 * PostgreSQL (the scale-out database) results are kept in the database, where every API
 * process finds them; on SQLite (one process) in memory.
 */
const stores = new WeakMap<object, ResultPages>();
export function resultPagesOf(owner: { db: Db }): ResultPages {
  let pages = stores.get(owner);
  if (!pages) {
    const store = owner.db.dialect === 'postgres' ? new DbPageStore(owner.db, Date.now) : undefined;
    stores.set(owner, (pages = new ResultPages(RESULT_CAP_BYTES, Date.now, store)));
  }
  return pages;
}
