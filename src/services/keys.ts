/**
 * API keys: creation (shown once), listing, revocation and verification.
 * A key is `pmx_` + 32 random bytes in base64url (256 bits); only its sha256 is stored.
 * Expected denials (missing, invalid, expired) are return values, not exceptions: the
 * auth plugin turns them into the contract's three 401 reasons.
 */
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/index.js';
import { iso, newId, type Clock } from '../clock.js';
import { notFound, validationFailed } from '../errors/index.js';
import type { Notifier } from '../notify/index.js';
import { newToken, sha256Hex } from './secrets.js';

export const KEY_PREFIX = 'pmx_';
/** The exact shape of a key we issue; anything else (quotes, spaces, other case of the prefix) is invalid. */
const KEY_SHAPE = /^pmx_[A-Za-z0-9_-]{20,128}$/;

export interface ApiKeyRecord {
  id: string;
  name: string | null;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used: string | null;
  revoked_at: string | null;
}

export interface CreatedKey {
  id: string;
  api_key: string;
  name: string | null;
  created_at: string;
  expires_at: string | null;
  last_used: string | null;
  message: string;
  warning: string | null;
}

export type KeyVerdict =
  | { ok: true; keyId: string; userId: string; plan: string }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export const hashKey = sha256Hex;

export async function createKey(
  db: Db,
  clock: Clock,
  userId: string,
  opts: { name?: string | null; expiresAt?: string | null } = {},
): Promise<CreatedKey> {
  let expiresAt: string | null = null;
  if (opts.expiresAt) {
    const t = Date.parse(opts.expiresAt);
    if (Number.isNaN(t)) throw validationFailed('expires_at must be an ISO-8601 date-time', [{ field: 'expires_at' }]);
    if (t <= clock.now().getTime()) throw validationFailed('expires_at must be in the future', [{ field: 'expires_at' }]);
    expiresAt = new Date(t).toISOString();
  }
  const apiKey = newToken(KEY_PREFIX);
  const row = {
    id: newId(),
    user_id: userId,
    name: opts.name ?? null,
    key_hash: hashKey(apiKey),
    key_prefix: apiKey.slice(0, 10),
    created_at: iso(clock),
    expires_at: expiresAt,
    revoked_at: null,
    last_used_at: null,
  };
  await db.kysely.insertInto('api_keys').values(row).execute();
  return {
    id: row.id,
    api_key: apiKey,
    name: row.name,
    created_at: row.created_at,
    expires_at: expiresAt,
    last_used: null,
    message: 'API key created. Store it now: it will not be shown again.',
    warning: expiresAt ? `This key expires at ${expiresAt}.` : null,
  };
}

export async function listKeys(db: Db, userId: string): Promise<ApiKeyRecord[]> {
  const rows = await db.kysely
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.key_prefix,
    created_at: r.created_at,
    expires_at: r.expires_at,
    last_used: r.last_used_at,
    revoked_at: r.revoked_at,
  }));
}

/** Revocation is instant here and reaches every other process within a second (see forgetKeys). */
export async function revokeKey(db: Db, clock: Clock, userId: string, keyId: string): Promise<void> {
  const res = await db.kysely
    .updateTable('api_keys')
    .set({ revoked_at: iso(clock) })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(`API key ${keyId} not found`);
  await forgetKeys(db.kysely, { keyId });
}

/**
 * Picks the key out of the headers exactly as the contract says: `X-API-Key` wins over
 * `Authorization: Bearer`; header names are case-insensitive (Node lower-cases them), values
 * are taken verbatim so stray quotes or white space make the key invalid.
 */
export function keyFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const x = headers['x-api-key'];
  if (x !== undefined) return Array.isArray(x) ? (x[0] ?? '') : x;
  const auth = headers.authorization;
  if (auth === undefined) return null;
  const value = Array.isArray(auth) ? (auth[0] ?? '') : auth;
  const m = /^Bearer (.*)$/is.exec(value);
  return m ? m[1] : '';
}

/** Last-used stamps are written at most once a minute per key: a write on every call would be the hot path's cost. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Verified keys are remembered briefly so the hot path does not query for the key on every
 * call. Revocation or a plan change drops the entry at once in this process, and is announced
 * to every other process through the notifier (`bindKeyNotifications`), which drops it there
 * within milliseconds. Without a live cross-process notifier (embedded mode, where the CLI may
 * write the same SQLite file, or a lost connection) a remembered entry is trusted for at most
 * UNNOTIFIED_TTL_MS, so a revocation made elsewhere is refused within a second whatever happens
 * to the messages. Expiry is checked on every
 * call against the remembered expiry, so an expired key is refused on time.
 */
const KEY_CACHE_TTL_MS = 5_000;
const UNNOTIFIED_TTL_MS = 1_000;
const KEY_CACHE_MAX = 10_000;
const KEYS_TOPIC = 'keys';

interface CachedKey {
  keyId: string;
  userId: string;
  plan: string;
  expiresAt: number | null;
  cachedAt: number;
  lastUsedAt: number;
  /** The notifier's epoch when the entry was loaded: messages missed since make it suspect. */
  epoch: number;
}

interface KeyCache {
  entries: Map<string, CachedKey>;
  /** Bumped by every forget: a load that raced a forget must not store what it read. */
  forgets: number;
  notifier: Notifier | null;
}

type KeyMatch = { keyId?: string; userId?: string };

const caches = new WeakMap<object, KeyCache>();
function cacheOf(kysely: object): KeyCache {
  let c = caches.get(kysely);
  if (!c) caches.set(kysely, (c = { entries: new Map(), forgets: 0, notifier: null }));
  return c;
}

/** Hears revocations and plan changes made by other processes (the runtime calls this once). */
export function bindKeyNotifications(kysely: object, notifier: Notifier): () => void {
  const cache = cacheOf(kysely);
  cache.notifier = notifier;
  const off = notifier.subscribe(KEYS_TOPIC, (message) => forgetLocally(cache, message as KeyMatch));
  return () => {
    off();
    if (cache.notifier === notifier) cache.notifier = null;
  };
}

function forgetLocally(cache: KeyCache, match: KeyMatch): void {
  cache.forgets++;
  for (const [keyHash, entry] of cache.entries) {
    if (entry.keyId === match.keyId || entry.userId === match.userId) cache.entries.delete(keyHash);
  }
}

/** Drop remembered keys of a key id or of a whole user (revocation, plan change), here and in every process. */
export async function forgetKeys(kysely: object, match: KeyMatch): Promise<void> {
  const cache = cacheOf(kysely);
  forgetLocally(cache, match);
  await cache.notifier?.publish(KEYS_TOPIC, { keyId: match.keyId, userId: match.userId });
}

/** Whether a remembered entry may still be served. */
function trusted(cache: KeyCache, entry: CachedKey, now: number): boolean {
  const age = now - entry.cachedAt;
  const n = cache.notifier;
  // In-process notifications cannot hear another process (the CLI on the same SQLite file).
  const heard = n !== null && n.mode !== 'local' && n.live && n.epoch === entry.epoch;
  return age <= (heard ? KEY_CACHE_TTL_MS : UNNOTIFIED_TTL_MS);
}

/**
 * The verdict for a key remembered in this process, answered synchronously (the hot path of
 * every keyed request), or null when the database must be asked (`verifyKey`).
 */
export function verifyKeyFromMemory(kysely: object, clock: Clock, presented: string | null): KeyVerdict | null {
  if (presented === null) return { ok: false, reason: 'missing' };
  if (!KEY_SHAPE.test(presented)) return { ok: false, reason: 'invalid' };
  const cache = cacheOf(kysely);
  const entry = cache.entries.get(hashKey(presented));
  const now = clock.now().getTime();
  if (!entry || !trusted(cache, entry, now) || now - entry.lastUsedAt > LAST_USED_EVERY_MS) return null;
  return verdictOf(entry, now);
}

/** Expiry is judged on every call against the remembered expiry, so an expired key is refused on time. */
function verdictOf(entry: CachedKey, now: number): KeyVerdict {
  if (entry.expiresAt !== null && entry.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, keyId: entry.keyId, userId: entry.userId, plan: entry.plan };
}

export async function verifyKey(
  kysely: Kysely<Database>,
  clock: Clock,
  presented: string | null,
): Promise<KeyVerdict> {
  const known = verifyKeyFromMemory(kysely, clock, presented);
  if (known || presented === null) return known ?? { ok: false, reason: 'missing' };
  const presentedHash = hashKey(presented);
  const now = clock.now().getTime();
  const cache = cacheOf(kysely);
  let entry = cache.entries.get(presentedHash);
  if (!entry || !trusted(cache, entry, now)) {
    cache.entries.delete(presentedHash);
    const forgets = cache.forgets;
    const epoch = cache.notifier?.epoch ?? 0;
    const row = await kysely
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select([
        'api_keys.id as id',
        'api_keys.user_id as user_id',
        'api_keys.expires_at as expires_at',
        'api_keys.revoked_at as revoked_at',
        'api_keys.last_used_at as last_used_at',
        'users.plan as plan',
      ])
      .where('api_keys.key_hash', '=', presentedHash)
      .executeTakeFirst();
    if (!row || row.revoked_at) return { ok: false, reason: 'invalid' };
    entry = {
      keyId: row.id,
      userId: row.user_id,
      plan: row.plan,
      expiresAt: row.expires_at ? Date.parse(row.expires_at) : null,
      cachedAt: now,
      lastUsedAt: row.last_used_at ? Date.parse(row.last_used_at) : 0,
      epoch,
    };
    if (cache.forgets === forgets) {
      if (cache.entries.size >= KEY_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value as string);
      cache.entries.set(presentedHash, entry);
    }
  }
  const verdict = verdictOf(entry, now);
  if (!verdict.ok) return verdict;
  if (now - entry.lastUsedAt > LAST_USED_EVERY_MS) {
    entry.lastUsedAt = now;
    await kysely
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', entry.keyId)
      .execute();
  }
  return verdict;
}

export const KEY_DENIAL_MESSAGES: Record<'missing' | 'invalid' | 'expired', string> = {
  missing: 'Missing X-API-Key header',
  invalid: 'Invalid API key',
  expired: 'API key expired',
};
