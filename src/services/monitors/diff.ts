/**
 * The item-level diff of a monitor (pure): the records of a run against the last good run's.
 *
 * - Records are matched by a key: the monitor's `key_fields` (one field -> its value, several ->
 *   an object of them), else the endpoint's id or url field when every record has one and no two
 *   share it (`defaultKeyFields`), else a hash of the whole record (then a record that changes is
 *   reported as removed + added, since nothing else identifies it).
 * - Order does not matter: the same records in another order are no change.
 * - A field is compared by its canonical JSON (object keys sorted). A field missing from one side
 *   counts as null, so a field that disappears is a change `{from: value, to: null}` and one that
 *   appears is `{from: null, to: value}`; missing and null are the same value.
 * - Records sharing a key (a list that repeats an item) are matched by occurrence: the n-th
 *   record with key k against the n-th before.
 */
import { createHash } from 'node:crypto';

export type MonitorRecord = Record<string, unknown>;

export interface FieldChange {
  from: unknown;
  to: unknown;
}

export interface ChangedRecord {
  key: unknown;
  fields: Record<string, FieldChange>;
}

export interface RecordDiff {
  added: MonitorRecord[];
  removed: MonitorRecord[];
  changed: ChangedRecord[];
}

/** JSON with object keys sorted, so equal values have one text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value as object)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export function recordHash(record: MonitorRecord): string {
  return createHash('sha256').update(canonicalJson(record)).digest('hex').slice(0, 32);
}

/** The key a record is matched by: its key fields' values, or its hash without key fields. */
export function keyOf(record: MonitorRecord, keyFields: readonly string[] | null): unknown {
  if (!keyFields || keyFields.length === 0) return recordHash(record);
  if (keyFields.length === 1) return record[keyFields[0]] ?? null;
  return Object.fromEntries(keyFields.map((f) => [f, record[f] ?? null]));
}

const ID_NAMES = [/^id$/i, /^url$/i, /^(link|href|permalink)$/i, /_id$/i, /(_url|_link)$/i];

/**
 * The endpoint's id or url field when it identifies every record of each list (the baseline and
 * the new run): present in each, unique within a list. Candidates from the return schema's item
 * properties and the records themselves, in the order of ID_NAMES. Null when none does (the
 * record hash is the key then).
 */
export function defaultKeyFields(lists: ReadonlyArray<readonly MonitorRecord[]>, schemaFields: readonly string[] = []): string[] | null {
  const all = lists.flat();
  if (all.length === 0) return null;
  const names = [...new Set([...schemaFields, ...all.flatMap((r) => Object.keys(r))])];
  const identifies = (records: readonly MonitorRecord[], name: string) => {
    const seen = new Set<string>();
    return records.every((r) => {
      const v = r[name];
      if (v === null || v === undefined || v === '') return false;
      const text = canonicalJson(v);
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
  };
  for (const pattern of ID_NAMES) {
    for (const name of names.filter((n) => pattern.test(n))) {
      if (lists.every((records) => identifies(records, name))) return [name];
    }
  }
  return null;
}

/** Each record under "key text + occurrence", in order. */
function index(records: readonly MonitorRecord[], keyFields: readonly string[] | null): Map<string, MonitorRecord> {
  const out = new Map<string, MonitorRecord>();
  const counts = new Map<string, number>();
  for (const r of records) {
    const text = canonicalJson(keyOf(r, keyFields));
    const n = counts.get(text) ?? 0;
    counts.set(text, n + 1);
    out.set(`${text}\u0000${n}`, r);
  }
  return out;
}

/** Field by field: every name on either side whose canonical value differs (missing = null). */
export function changedFields(before: MonitorRecord, after: MonitorRecord): Record<string, FieldChange> {
  const fields: Record<string, FieldChange> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[name] ?? null;
    const to = after[name] ?? null;
    if (canonicalJson(from) !== canonicalJson(to)) fields[name] = { from, to };
  }
  return fields;
}

export function diffRecords(before: readonly MonitorRecord[], after: readonly MonitorRecord[], keyFields: readonly string[] | null): RecordDiff {
  const old = index(before, keyFields);
  const now = index(after, keyFields);
  const added: MonitorRecord[] = [];
  const changed: ChangedRecord[] = [];
  for (const [k, record] of now) {
    const previous = old.get(k);
    if (!previous) {
      added.push(record);
      continue;
    }
    const fields = changedFields(previous, record);
    if (Object.keys(fields).length > 0) changed.push({ key: keyOf(record, keyFields), fields });
  }
  const removed = [...old].filter(([k]) => !now.has(k)).map(([, r]) => r);
  return { added, removed, changed };
}

export const isEmptyDiff = (d: RecordDiff): boolean => d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0;

/**
 * The records of an endpoint's answer: `data` when it is a list; one object as a list of one;
 * nothing as an empty list. Values that are not objects are wrapped as `{value}`.
 */
export function recordsOf(data: unknown): MonitorRecord[] {
  if (data === null || data === undefined) return [];
  const list = Array.isArray(data) ? data : [data];
  return list.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? (item as MonitorRecord) : { value: item }));
}
