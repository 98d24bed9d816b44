/**
 * bench/blind-26.ts — the blind batch of issue 26 through the service as a new user meets it.
 *
 *   node --import tsx bench/blind-26.ts [--service-root DIR] [--site NAME]
 *
 * Starts the service from DIR (default: this repository) as its own process (`src/bin/server.ts`, as
 * `npm start` does) on a temporary SQLite data folder with QUARRY_ALLOW_PRIVATE_TARGETS=1, makes a
 * developer-plan user and key with the operator CLI (`bin/quarry.js`), signs in over HTTP to accept the
 * login-build disclaimer, then for each site of test/fixtures/blind-26/manifest.ts: starts the site,
 * POSTs /dispatch (allow_auth for login sites), polls the task, answers `needs_input` with the manifest's
 * credentials or one-time code, and, once built, calls the endpoints (after the login endpoint, with
 * session_id + encryption_key) and scores the manifest's checks. Everything goes through the public
 * HTTP API; nothing of src/ is imported.
 *
 * Prints one block per site and last
 * `blind-26: built B/N (expected E), checks passed P/T, median build S s`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLIND_26, type BlindEntry, type Check } from '../test/fixtures/blind-26/manifest.js';
import type { BlindSite } from '../test/fixtures/blind-26/chrome.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_TIMEOUT_MS = 240_000;
const MAX_ANSWERS = 6;

interface Endpoint {
  endpoint_name: string;
  method: string;
  input_params?: { properties?: Record<string, unknown>; required?: string[] };
  sample_inputs?: Record<string, unknown>;
  initiates_session?: boolean;
  depends_on_session?: string;
}
interface Task {
  status: string;
  error?: string;
  user_input_prompt?: { kind?: string; message?: string; fields?: Array<{ name: string; type?: string }>; asked_at?: string };
  generated_api?: { scraper_id: string; endpoints: Endpoint[] };
  progress?: { log?: Array<{ message: string }> };
}
type Json = Record<string, unknown>;

function parseArgs(argv: string[]) {
  const args = { root: REPO, site: undefined as string | undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--service-root') args.root = path.resolve(argv[++i]);
    else if (argv[i] === '--site') args.site = argv[++i];
  }
  return args;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the service, as a user runs it

interface Service {
  base: string;
  key: string;
  child: ChildProcess;
  logFile: string;
  close(): Promise<void>;
}

async function startService(root: string): Promise<Service> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-blind26-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    QUARRY_DATA_DIR: dataDir,
    QUARRY_ALLOW_PRIVATE_TARGETS: '1',
    QUARRY_LOG_LEVEL: 'warn',
    QUARRY_RATE_LIMITS: '0',
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  delete (env as Record<string, string | undefined>).REDIS_URL;
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--max-old-space-size=1536', '--import', 'tsx', 'src/bin/server.ts'], { cwd: root, env, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}); see ${logFile}`);
    try {
      const r = await fetch(`${base}/openapi.json`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`the service did not answer in 90 s; see ${logFile}`);
    await sleep(300);
  }
  const email = `blind26-${Date.now()}@example.test`;
  const password = 'a long blind-batch password';
  const cli = (...argv: string[]) => {
    const r = spawnSync(process.execPath, ['bin/quarry.js', ...argv], { cwd: root, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`quarry ${argv.join(' ')} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  cli('user', 'create', '--email', email, '--password', password, '--plan', 'developer');
  const key = /pmx_[A-Za-z0-9_-]+/.exec(cli('key', 'create', '--email', email))?.[0];
  if (!key) throw new Error('no key printed by `quarry key create`');
  // The one-time disclaimer for login builds, accepted from a signed-in session (decisions.md).
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const cookies = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  // docs/dashboard.md: session-cookie state changes repeat the quarry_csrf cookie in X-Quarry-CSRF.
  const csrf = /(?:^|; )quarry_csrf=([^;]+)/.exec(cookies)?.[1] ?? '';
  const disclaimer = await fetch(`${base}/account/disclaimer`, { method: 'POST', headers: { cookie: cookies, 'x-quarry-csrf': csrf, 'content-type': 'application/json' }, body: '{}' });
  if (!disclaimer.ok) {
    const withKey = await fetch(`${base}/account/disclaimer`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{}' });
    if (!withKey.ok) console.log(`(disclaimer not accepted: ${disclaimer.status} / ${withKey.status} ${await withKey.text()})`);
  }
  return {
    base,
    key,
    child,
    logFile,
    close: async () => {
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.closeSync(log);
    },
  };
}

async function api(svc: Service, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${svc.base}${url}`, {
    method,
    headers: { 'x-api-key': svc.key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: r.status, body: parsed as Json };
}

// ---------------------------------------------------------------- building, as a user would

interface Built {
  task: Task;
  taskId: string;
  seconds: number;
  prompts: Array<{ at: number; message: string; fields: string[] }>;
  answers: number;
}

async function build(svc: Service, entry: BlindEntry, site: BlindSite): Promise<Built> {
  const started = Date.now();
  const dispatched = await api(svc, 'POST', '/dispatch', { url: site.entry, task: entry.task, ...(entry.login ? { allow_auth: true } : {}) });
  const taskId = dispatched.body?.task_id as string;
  if (!taskId) throw new Error(`dispatch answered ${dispatched.status}: ${JSON.stringify(dispatched.body).slice(0, 300)}`);
  const prompts: Built['prompts'] = [];
  let answers = 0;
  let credentialIndex = 0;
  let lastAsked = '';
  for (;;) {
    const { body } = await api(svc, 'GET', `/dispatch/tasks/${taskId}`);
    const task = body as unknown as Task;
    if (['completed', 'failed', 'cancelled'].includes(task.status)) return { task, taskId, seconds: (Date.now() - started) / 1000, prompts, answers };
    if (Date.now() - started > BUILD_TIMEOUT_MS) {
      await api(svc, 'POST', `/dispatch/tasks/${taskId}/cancel`);
      return { task: { ...task, status: 'timeout', error: `no end after ${BUILD_TIMEOUT_MS / 1000} s (last status ${task.status})` }, taskId, seconds: (Date.now() - started) / 1000, prompts, answers };
    }
    if (task.status === 'needs_input' && task.user_input_prompt) {
      const prompt = task.user_input_prompt;
      const askedKey = `${prompt.asked_at ?? ''}|${prompt.message ?? ''}`;
      if (askedKey !== lastAsked) {
        lastAsked = askedKey;
        const fields = prompt.fields ?? [];
        prompts.push({ at: Date.now(), message: prompt.message ?? '', fields: fields.map((f) => `${f.name}:${f.type ?? ''}`) });
        if (!entry.login || answers >= MAX_ANSWERS) {
          await api(svc, 'POST', `/dispatch/tasks/${taskId}/cancel`);
          return { task: { ...task, status: 'cancelled', error: entry.login ? `still asking after ${answers} answers` : `asked for input on a site without a login: ${prompt.message}` }, taskId, seconds: (Date.now() - started) / 1000, prompts, answers };
        }
        const otpOnly = fields.length > 0 && fields.every((f) => f.type === 'otp' || /otp|code/i.test(f.name));
        const creds = entry.login.answers[Math.min(credentialIndex, entry.login.answers.length - 1)];
        if (!otpOnly) credentialIndex++;
        const response: Record<string, string> = {};
        for (const f of fields) {
          if (f.type === 'otp' || /otp|code|token/i.test(f.name)) response[f.name] = entry.login.otp ?? '';
          else if (f.type === 'password' || /pass/i.test(f.name)) response[f.name] = creds.password;
          else response[f.name] = creds.user;
        }
        answers++;
        const r = await api(svc, 'POST', `/dispatch/${taskId}`, { user_response: response });
        if (r.status !== 200) prompts[prompts.length - 1].message += ` [answer refused: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}]`;
      }
    }
    await sleep(400);
  }
}

// ---------------------------------------------------------------- reading what endpoints return

const norm = (s: string) =>
  s.replace(/&amp;/g, '&').replace(/&#39;|&apos;|[’‘]/g, "'").replace(/&quot;|[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();

function flatten(v: unknown, out: string[] = []): string[] {
  if (v === null || v === undefined) return out;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
  else if (Array.isArray(v)) v.forEach((x) => flatten(x, out));
  else if (typeof v === 'object') Object.values(v).forEach((x) => flatten(x, out));
  return out;
}

/** The records of an answer: every object inside an array of its `data` (else `data` itself). */
function records(body: unknown): unknown[] {
  const data = (body as Json | null)?.data ?? body;
  const found: unknown[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      for (const x of v) {
        if (x && typeof x === 'object' && !Array.isArray(x)) found.push(x);
        else if (typeof x === 'string') found.push(x);
        walk(x);
      }
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(data);
  return found.length ? found : data === undefined || data === null ? [] : [data];
}

/** For each record, the longest key its text contains (a record names one item). */
function matchedKeys(recs: unknown[], keys: string[]): Array<{ key: string; record: unknown }> {
  const nk = keys.map((k) => ({ key: k, n: norm(k) })).sort((a, b) => b.n.length - a.n.length);
  const out: Array<{ key: string; record: unknown }> = [];
  for (const r of recs) {
    const text = norm(flatten(r).join(' | '));
    const hit = nk.find((k) => text.includes(k.n));
    if (hit) out.push({ key: hit.key, record: r });
  }
  return out;
}

function numbersIn(v: unknown): number[] {
  const nums: number[] = [];
  for (const s of flatten(v)) {
    if (/^-?\d+(\.\d+)?$/.test(s)) nums.push(Number(s));
    for (const m of s.matchAll(/\d[\d.,\s\u00a0\u202f]*\d|\d/g)) {
      const raw = m[0].replace(/[\s\u00a0\u202f]/g, '');
      const candidates = [raw.replace(/,/g, ''), raw.replace(/\./g, '').replace(',', '.')];
      for (const c of candidates) if (!Number.isNaN(Number(c))) nums.push(Number(c));
    }
  }
  return nums;
}
const hasNumber = (v: unknown, n: number) => numbersIn(v).some((x) => Math.abs(x - n) < 0.005);

const PAGE = /^(page|p|pg|seite|page_?(no|num|number)|pagenumber|pageindex)$/i;
const OFFSET = /^(offset|start|skip|from)$/i;
const CURSOR = /(cursor|after|continuation|next_?token|page_?token)/i;
const KEYWORD = /^(q|query|keywords?|search|search_?term|search_?query|term|text|kw|searchtext|search_?text)$/i;
const KEYWORDISH = /(search|query|keyword)/i;

function paramNames(ep: Endpoint): string[] {
  return [...new Set([...Object.keys(ep.input_params?.properties ?? {}), ...Object.keys(ep.sample_inputs ?? {})])];
}

/** Sample inputs with paging put at the start. */
function firstPageParams(ep: Endpoint): Json {
  const params: Json = { ...(ep.sample_inputs ?? {}) };
  const required = new Set(ep.input_params?.required ?? []);
  for (const name of paramNames(ep)) {
    if (PAGE.test(name)) params[name] = typeof params[name] === 'string' ? '1' : 1;
    else if (OFFSET.test(name)) params[name] = typeof params[name] === 'string' ? '0' : 0;
    else if (CURSOR.test(name) && !required.has(name)) delete params[name];
  }
  return params;
}

function findCursor(body: unknown): string | undefined {
  let found: string | undefined;
  const walk = (v: unknown) => {
    if (found || !v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && x && /^(next_?cursor|nextcursor|endcursor|next_?page_?token|cursor|after|next)$/i.test(k)) {
        found = x;
        return;
      }
    }
    Object.values(v).forEach(walk);
  };
  walk(body);
  return found;
}

interface Caller {
  call(ep: Endpoint, params: Json, session?: boolean): Promise<{ status: number; body: Json }>;
  endpoints: Endpoint[];
}

function makeCaller(svc: Service, scraperId: string, endpoints: Endpoint[], session: { id: string; key: string } | null): Caller {
  return {
    endpoints: endpoints.filter((e) => !e.initiates_session),
    async call(ep, params, withSession = true) {
      const headers: Record<string, string> = withSession && session ? { 'x-session-id': session.id, 'x-encryption-key': session.key } : {};
      if (ep.method.toUpperCase() === 'GET') {
        const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
        return api(svc, 'GET', `/scraper/${scraperId}/${ep.endpoint_name}${qs.size ? `?${qs}` : ''}`, undefined, headers);
      }
      return api(svc, 'POST', `/scraper/${scraperId}/${ep.endpoint_name}`, params, headers);
    },
  };
}

async function executionLogin(svc: Service, scraperId: string, endpoints: Endpoint[], entry: BlindEntry) {
  const login = endpoints.find((e) => e.initiates_session);
  if (!login || !entry.login?.execute) return { session: null, note: login ? 'no credentials to execute with' : 'no login endpoint' };
  const params: Json = {};
  for (const name of paramNames(login)) {
    if (/otp|code|totp/i.test(name)) params[name] = entry.login.otp ?? '';
    else if (/pass/i.test(name)) params[name] = entry.login.execute.password;
    else params[name] = entry.login.execute.user;
  }
  const caller = makeCaller(svc, scraperId, endpoints, null);
  const r = await caller.call(login, params, false);
  const id = r.body?.session_id as string | undefined;
  const key = r.body?.encryption_key as string | undefined;
  return id && key ? { session: { id, key }, note: `login ${login.endpoint_name} ok` } : { session: null, note: `login ${login.endpoint_name} answered ${r.status} ${JSON.stringify(r.body).slice(0, 200)}` };
}

// ---------------------------------------------------------------- the checks

type Verdict = { pass: boolean; why: string };

async function bestList(c: Caller, keys: string[]) {
  let best = { ep: undefined as Endpoint | undefined, matched: [] as string[], body: undefined as unknown, why: 'no endpoint' };
  for (const ep of c.endpoints) {
    const r = await c.call(ep, firstPageParams(ep));
    if (r.status !== 200) {
      if (!best.ep) best.why = `${ep.endpoint_name}: ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`;
      continue;
    }
    const matched = [...new Set(matchedKeys(records(r.body), keys).map((m) => m.key))];
    if (matched.length > best.matched.length || !best.ep) best = { ep, matched, body: r.body, why: '' };
  }
  return best;
}

async function runCheck(check: Check, c: Caller | null, ctx: { built: Built; site: BlindSite }): Promise<Verdict> {
  switch (check.kind) {
    case 'never': {
      const hits = ctx.site.site.requests.filter((r) => check.path.test(r.path) && (!check.method || r.method === check.method));
      return { pass: hits.length === 0, why: hits.length ? `${hits.length} request(s): ${hits.slice(0, 3).map((h) => `${h.method} ${h.path}`).join(', ')}` : '0 requests' };
    }
    case 'refused': {
      const second = ctx.built.prompts[1];
      if (!second) return { pass: false, why: `no second prompt after the wrong answer (prompts: ${ctx.built.prompts.length}, task ${ctx.built.task.status})` };
      return { pass: check.message.test(second.message), why: `second prompt: "${second.message.slice(0, 160)}"` };
    }
    case 'fails': {
      const lockedAt = ctx.site.lockedAt?.();
      const after = lockedAt === undefined ? 0 : ctx.built.prompts.filter((p) => p.at > lockedAt).length;
      const t = ctx.built.task;
      const pass = t.status === 'failed' && check.error.test(t.error ?? '') && after === 0;
      return { pass, why: `task ${t.status}: "${(t.error ?? '').slice(0, 200)}"; ${ctx.built.answers} answers, ${after} prompt(s) after the site said locked` };
    }
  }
  if (!c) return { pass: false, why: 'not built' };
  switch (check.kind) {
    case 'list': {
      const best = await bestList(c, check.keys);
      return { pass: best.matched.length >= check.min, why: best.ep ? `${best.ep.endpoint_name}: ${best.matched.length}/${check.keys.length} of page 1` : best.why };
    }
    case 'values': {
      const keys = check.items.map((i) => i.key);
      let bestCount = 0;
      let where = 'no endpoint answered';
      for (const ep of c.endpoints) {
        const r = await c.call(ep, firstPageParams(ep));
        if (r.status !== 200) continue;
        const m = matchedKeys(records(r.body), keys);
        const ok = m.filter((x) => hasNumber(x.record, check.items.find((i) => i.key === x.key)!.number)).length;
        if (ok >= bestCount) {
          bestCount = ok;
          where = `${ep.endpoint_name}: ${ok} of ${m.length} records carry their number`;
        }
      }
      return { pass: bestCount >= check.min, why: where };
    }
    case 'page2': {
      const reasons: string[] = [];
      for (const ep of c.endpoints) {
        const names = paramNames(ep);
        const pageP = names.find((n) => PAGE.test(n));
        const offP = names.find((n) => OFFSET.test(n));
        const curP = names.find((n) => CURSOR.test(n));
        if (!pageP && !offP && !curP) continue;
        const p1 = firstPageParams(ep);
        const r1 = await c.call(ep, p1);
        if (r1.status !== 200) {
          reasons.push(`${ep.endpoint_name} page 1: ${r1.status}`);
          continue;
        }
        const set1 = new Set(matchedKeys(records(r1.body), check.keys).map((m) => m.key));
        const next: Json = { ...p1 };
        if (pageP) next[pageP] = typeof p1[pageP] === 'string' ? '2' : 2;
        else if (offP) next[offP] = records(r1.body).length;
        else if (curP) {
          const cur = findCursor(r1.body);
          if (!cur) {
            reasons.push(`${ep.endpoint_name}: no cursor in the first answer`);
            continue;
          }
          next[curP] = cur;
        }
        const r2 = await c.call(ep, next);
        const set2 = new Set(r2.status === 200 ? matchedKeys(records(r2.body), check.keys).map((m) => m.key) : []);
        const overlap = [...set2].filter((k) => set1.has(k)).length;
        const why = `${ep.endpoint_name}(${pageP ?? offP ?? curP}): first ${set1.size}, next ${set2.size} (${r2.status}), shared ${overlap}`;
        if (set1.size > 0 && set2.size > 0 && overlap === 0) return { pass: true, why };
        reasons.push(why);
      }
      return { pass: false, why: reasons.join('; ') || `no endpoint with a page, offset or cursor parameter (${c.endpoints.map((e) => `${e.endpoint_name}(${paramNames(e).join(',')})`).join(' ')})` };
    }
    case 'search': {
      const reasons: string[] = [];
      const all = [...check.hits, ...check.misses];
      for (const ep of c.endpoints) {
        const names = paramNames(ep);
        const kw = names.find((n) => KEYWORD.test(n)) ?? names.find((n) => KEYWORDISH.test(n));
        if (!kw) continue;
        const r = await c.call(ep, { ...firstPageParams(ep), [kw]: check.term });
        if (r.status !== 200) {
          reasons.push(`${ep.endpoint_name}(${kw}): ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
          continue;
        }
        const found = matchedKeys(records(r.body), all).map((m) => m.key);
        const hits = found.filter((k) => check.hits.includes(k));
        const misses = found.filter((k) => check.misses.includes(k));
        const why = `${ep.endpoint_name}(${kw}=${check.term}): ${new Set(hits).size} hits, ${new Set(misses).size} misses${misses.length ? ` (${misses.slice(0, 2).join(', ')})` : ''}`;
        if (hits.length > 0 && misses.length === 0) return { pass: true, why };
        reasons.push(why);
      }
      return { pass: false, why: reasons.join('; ') || `no endpoint with a keyword parameter (${c.endpoints.map((e) => `${e.endpoint_name}(${paramNames(e).join(',')})`).join(' ')})` };
    }
    case 'detail': {
      const ids = [...check.items].sort((a, b) => b.id.length - a.id.length);
      for (const ep of c.endpoints) {
        for (const [param, value] of Object.entries(ep.sample_inputs ?? {})) {
          if (typeof value !== 'string' && typeof value !== 'number') continue;
          const sv = String(value);
          const item = ids.find((i) => sv.includes(i.id));
          if (!item) continue;
          const other = check.items[(check.items.indexOf(item) + 3) % check.items.length];
          const r = await c.call(ep, { ...(ep.sample_inputs ?? {}), [param]: sv.replace(item.id, other.id) });
          const text = norm(flatten(r.body).join(' | '));
          const textOk = text.includes(norm(other.text));
          const numOk = other.number === undefined || hasNumber(r.body, other.number);
          return { pass: r.status === 200 && textOk && numOk, why: `${ep.endpoint_name}(${param}=${other.id}): ${r.status}, text ${textOk ? 'ok' : 'missing'}, number ${numOk ? 'ok' : 'missing'}` };
        }
      }
      return { pass: false, why: `no endpoint whose sample input names an item (${c.endpoints.map((e) => `${e.endpoint_name}${JSON.stringify(e.sample_inputs ?? {})}`).join(' ')})` };
    }
    case 'session': {
      const ep = c.endpoints.find((e) => e.depends_on_session) ?? c.endpoints[0];
      if (!ep) return { pass: false, why: 'no protected endpoint' };
      const r = await c.call(ep, firstPageParams(ep), false);
      const text = JSON.stringify(r.body);
      return { pass: r.status === 422 && text.includes('session_invalid'), why: `${ep.endpoint_name} without a session: ${r.status} ${text.slice(0, 160)}` };
    }
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const entries = BLIND_26.filter((e) => !args.site || e.name === args.site);
  console.log(`# blind-26 run: service from ${args.root} (${gitHead(args.root)}), ${new Date().toISOString()}`);
  const svc = await startService(args.root);
  let built = 0;
  let passed = 0;
  let total = 0;
  const times: number[] = [];
  try {
    for (const entry of entries) {
      const site = await entry.start();
      console.log(`\n## ${entry.name}: ${entry.models}`);
      console.log(`task: "${entry.task}"`);
      let b: Built;
      try {
        b = await build(svc, entry, site);
      } catch (err) {
        b = { task: { status: 'error', error: String(err) }, taskId: '', seconds: 0, prompts: [], answers: 0 };
      }
      times.push(b.seconds);
      const ok = b.task.status === 'completed';
      if (ok && entry.shouldBuild) built++;
      const eps = b.task.generated_api?.endpoints ?? [];
      console.log(`build: ${b.task.status} in ${b.seconds.toFixed(1)} s${b.task.error ? `: ${b.task.error.slice(0, 300)}` : ''}`);
      if (b.prompts.length) console.log(`prompts: ${b.prompts.map((p) => `[${p.fields.join(' ')}] "${p.message.slice(0, 120)}"`).join(' / ')}`);
      if (eps.length) console.log(`endpoints: ${eps.map((e) => `${e.method} ${e.endpoint_name}(${paramNames(e).join(', ')})${e.initiates_session ? ' [login]' : ''}`).join('; ')}`);
      if (!ok && b.task.progress?.log?.length) console.log(`last log: ${b.task.progress.log.slice(-3).map((l) => l.message.slice(0, 160)).join(' | ')}`);
      let caller: Caller | null = null;
      if (ok && b.task.generated_api) {
        const sid = b.task.generated_api.scraper_id;
        const login = entry.login ? await executionLogin(svc, sid, eps, entry) : { session: null, note: '' };
        if (login.note) console.log(`execution: ${login.note}`);
        caller = makeCaller(svc, sid, eps, login.session);
      }
      for (const check of entry.checks) {
        total++;
        let v: Verdict;
        try {
          v = await runCheck(check, caller, { built: b, site });
        } catch (err) {
          v = { pass: false, why: `error: ${String(err).slice(0, 200)}` };
        }
        if (v.pass) passed++;
        console.log(`  ${v.pass ? 'PASS' : 'FAIL'} ${check.says} — ${v.why}`);
      }
      // Sign-out requests are checked once more after execution: runCheck's `never` reads every request so far.
      await site.close();
    }
  } finally {
    await svc.close();
  }
  const expected = entries.filter((e) => e.shouldBuild).length;
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
  console.log(`\nblind-26: built ${built}/${expected} sites expected to build, checks passed ${passed}/${total}, median build ${median.toFixed(1)} s`);
}

function gitHead(root: string): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown commit';
}

await main();
