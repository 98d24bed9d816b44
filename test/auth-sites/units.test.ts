/** The parts of login understanding that need no server: walls, sign-in forms, plans, prompts. */
import { describe, expect, it } from 'vitest';
import { detectLoginWall } from '../../src/builder/login-wall.js';
import { findLoginForms, findOtpForm, findPasswordForm } from '../../src/recipe/index.js';
import { lockNotice } from '../../src/recipe/interpreter/login.js';
import { planFromPage } from '../../src/builder/auth/discover.js';
import { credentialsPrompt, loginEndpoint, withLoginEndpoint } from '../../src/builder/auth/plan.js';
import { validateRecipe, RECIPE_FORMAT } from '../../src/recipe/index.js';
import { newSecret, seal, unseal } from '../../src/services/sessions.js';
import pino from 'pino';
import { createTestDb } from '../helpers/db.js';
import { loadConfig } from '../../src/config/index.js';
import { createUser } from '../../src/services/accounts.js';
import { newTaskRow } from '../../src/services/task-rows.js';
import { stashAnswer, buildAuthOf, dropAnswers } from '../../src/services/build-login.js';
import { systemClock } from '../../src/clock.js';

const page = (body: string) => `<html><head><title>T</title></head><body>${body}</body></html>`;

describe('login walls', () => {
  it('a 401, a sign-in page, a "log in to see" notice with a sign-in link', () => {
    expect(detectLoginWall({ url: 'http://a.test/x', status: 401, text: '' })).toMatch(/401/);
    const form = page('<form method="post"><input name="u"><input type="password" name="p"><button>Log in</button></form>');
    expect(detectLoginWall({ url: 'http://a.test/login', status: 200, text: form })).toMatch(/sign-in page/);
    expect(detectLoginWall({ url: 'http://a.test/x', status: 200, text: page('<p>Please log in to see your orders.</p><a href="/login">Log in</a>') })).toMatch(/sign in to see/);
    // Rails and Devise write /sign_in and /users/sign_in; banks write /logon.
    for (const path of ['/sign_in', '/users/sign_in', '/logon', '/Account/LogOn']) {
      expect(detectLoginWall({ url: 'http://a.test/x', finalUrl: `http://a.test${path}`, status: 200, text: form }), path).toMatch(/sign-in page/);
    }
  });

  it("an app shell whose script sends a visitor without a stored token to the sign-in page (when asked to read scripts)", () => {
    const shell = page(`<div id="app"></div><script>var a = JSON.parse(localStorage.getItem('auth') || 'null');
if (!a) { location.replace('/login?next=' + encodeURIComponent(location.pathname)); } else { fetch('/api/items'); }</script>`);
    expect(detectLoginWall({ url: 'http://a.test/app', status: 200, text: shell }, { scripts: true })).toMatch(/script sends visitors without a session to a sign-in page \(\/login\)/);
    expect(detectLoginWall({ url: 'http://a.test/app', status: 200, text: shell })).toBeNull();
    // A script that moves on after a search or to a product page, or reads no stored session: no wall.
    const other = page(`<script>var q = localStorage.getItem('q'); if (q) location.href = '/search?q=' + q;</script><script>location.assign('/login')</script>`);
    expect(detectLoginWall({ url: 'http://a.test/', status: 200, text: other }, { scripts: true })).toBeNull();
  });

  it('not a wall: content that mentions signing in, a notice without a way in', () => {
    const long = page(`<article>${'Plenty of public text about the shop. '.repeat(60)}<p>Please log in to see your orders.</p><a href="/login">Log in</a></article>`);
    expect(detectLoginWall({ url: 'http://a.test/', status: 200, text: long })).toBeNull();
    expect(detectLoginWall({ url: 'http://a.test/', status: 200, text: page('<p>Please log in to see your orders.</p>') })).toBeNull();
    expect(detectLoginWall({ url: 'http://a.test/', status: 200, text: page('<p>Your orders (sign in required).</p><a href="/account">Account</a>') })).toBeNull();
  });
});

describe('sign-in forms', () => {
  const html = page(`<form action="/search"><input name="q"></form>
<form method="POST" action="/session?x=1"><input type="hidden" name="authenticity_token" value="tok123">
<label>E-mail <input type="email" name="user[email]"></label><input type="password" id="pw" name="user[password]" aria-label="Secret">
<input type="checkbox" name="remember" checked><input type="checkbox" name="spam"><button name="commit" value="Sign in">Go</button></form>`);

  it('finds the password form with its hidden fields, checked boxes, button, labels and absolute action', () => {
    const form = findPasswordForm(html, 'https://shop.test/login')!;
    expect(form.action).toBe('https://shop.test/session?x=1');
    expect(form.method).toBe('POST');
    expect(form.hidden).toEqual({ authenticity_token: 'tok123', remember: 'on', commit: 'Sign in' });
    expect(form.fields).toEqual([
      { name: 'user[email]', role: 'user', type: 'email', label: 'E-mail' },
      { name: 'user[password]', role: 'password', type: 'password', label: 'Secret' },
    ]);
    expect(findLoginForms(html, 'https://shop.test/login')).toHaveLength(1);
  });

  it('tells a one-time-code form from a search form', () => {
    const otp = page('<form method="post"><input type="hidden" name="t" value="1"><label for="c">Code</label><input id="c" name="code" autocomplete="one-time-code"></form>');
    expect(findOtpForm(otp, 'https://shop.test/verify')!.fields).toEqual([{ name: 'code', role: 'otp', type: 'otp', label: 'Code' }]);
    expect(findOtpForm(page('<form><input name="q" placeholder="Search"></form>'), 'https://shop.test/')).toBeNull();
  });

  it("plans: site names behind the caller's names; a script posting JSON makes a JSON login", () => {
    const plan = planFromPage({ url: 'https://shop.test/login?next=/a', text: html }, 'https://shop.test/a')!;
    expect(plan).toMatchObject({ kind: 'form', url: 'https://shop.test/login', otp: false });
    expect(plan.fields.map((f) => [f.param, f.site])).toEqual([['email', 'user[email]'], ['password', 'user[password]']]);
    const prompt = credentialsPrompt(plan, 'm', new Date(0));
    expect(prompt.fields.map((f) => f.name)).toEqual(['email', 'password']);

    const json = page(`<form id="f"><input name="login"><input type="password" name="pass"></form>
<script>f.onsubmit = () => fetch("/api/auth", { method: "POST", body: JSON.stringify({ user: f.login.value, pwd: f.pass.value }) });</script>`);
    const jsonPlan = planFromPage({ url: 'https://shop.test/signin', text: json }, 'https://shop.test/a')!;
    expect(jsonPlan.kind).toBe('json');
    expect(jsonPlan.url).toBe('https://shop.test/api/auth');
    expect(jsonPlan.fields.map((f) => [f.param, f.site])).toEqual([['username', 'user'], ['password', 'pwd']]);
  });

  it('a script that posts the form to a login API and sets the session cookie itself', () => {
    const html = page(`<form id="signin" method="post"><input name="member_no" autocomplete="username"><input type="password" name="password"><button>Sign in</button></form>
<script>document.querySelector('#signin').addEventListener('submit', function (e) { e.preventDefault();
  fetch('/api/v1/login', { method: 'POST', body: new URLSearchParams(new FormData(e.target)) }).then(function (r) { return r.json(); })
  .then(function (data) { if (!data.ok) return; document.cookie = \`portal_sid=\${data.session.id}; path=/\`; location.href = '/home'; }); });</script>`);
    const plan = planFromPage({ url: 'https://care.test/login?return=/x', text: html }, 'https://care.test/x')!;
    expect(plan).toMatchObject({ kind: 'form', url: 'https://care.test/login', action: 'https://care.test/api/v1/login', token: { from: 'session.id', cookie: 'portal_sid' } });
    expect(loginEndpoint(plan, 'care.test').steps[0]).toMatchObject({ type: 'login', form: { member_no: '{username}', password: '{password}' }, action: 'https://care.test/api/v1/login', token: { from: 'session.id', cookie: 'portal_sid' } });
  });

  it('a JSON login whose token the app keeps in localStorage and sends as a bearer header', () => {
    const login = page(`<form id="lf" novalidate><input name="email" type="email"><input name="password" type="password"><button>Log in</button></form>
<script>lf.addEventListener('submit', async (e) => { e.preventDefault();
  const res = await fetch('/api/auth/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: lf.email.value, password: lf.password.value, client: 'web' }) });
  const body = await res.json(); localStorage.setItem('auth', JSON.stringify({ t: body.data.accessToken })); location.assign('/app'); });</script>`);
    const app = page(`<div id="root"></div><script>const a = JSON.parse(localStorage.getItem('auth')); fetch('/api/items', { headers: { Authorization: 'Token ' + a.t } });</script>`);
    const plan = planFromPage({ url: 'https://notes.test/login', text: login }, 'https://notes.test/app', app)!;
    expect(plan).toMatchObject({ kind: 'json', url: 'https://notes.test/api/auth/token', constants: { client: 'web' }, token: { from: 'data.accessToken', header: 'authorization', prefix: 'Token ' } });
    expect(loginEndpoint(plan, 'notes.test').steps[0]).toMatchObject({ json: { client: 'web', email: '{email}', password: '{password}' } });
    // Without the app's scripts in sight: the convention, a bearer token.
    expect(planFromPage({ url: 'https://notes.test/login', text: login }, 'https://notes.test/app')!.token).toEqual({ from: 'data.accessToken', header: 'authorization', prefix: 'Bearer ' });
  });

  it('the login endpoint validates, holds no credentials, and the others depend on it', () => {
    const plan = planFromPage({ url: 'https://shop.test/login', text: html }, 'https://shop.test/a')!;
    const other = { name: 'list_orders', method: 'GET' as const, description: 'd', input_params: { type: 'object', properties: {} }, return_schema: { type: 'object' }, sample_inputs: {}, steps: [{ type: 'request' as const, url: '/a' }] };
    const recipe = { format: RECIPE_FORMAT, name: 'S', description: 'd', source_url: 'https://shop.test/a', endpoints: withLoginEndpoint([other], plan, 'shop.test') };
    const valid = validateRecipe(recipe);
    expect(valid.ok, JSON.stringify(!valid.ok && valid.errors)).toBe(true);
    expect(recipe.endpoints[1].depends_on_session).toBe('login');
    expect(loginEndpoint(plan, 'shop.test').steps[0]).toEqual({ type: 'login', url: 'https://shop.test/login', form: { 'user[email]': '{email}', 'user[password]': '{password}' } });
  });
});

describe('locked accounts', () => {
  const html = (msg: string) => ({ status: 200, contentType: 'text/html', text: page(`<main><div class="error">${msg}</div><form><input type="password"></form></main>`) });
  it("reads the site's sentence that says the account is locked, in HTML, JSON or HTTP 423", () => {
    expect(lockNotice(html('You have specified an incorrect password. Your account has been locked after too many failed login attempts. Try again in 30 minutes.'))).toBe(
      'Your account has been locked after too many failed login attempts.',
    );
    expect(lockNotice({ status: 403, contentType: 'application/json', text: '{"error":"locked","message":"Too many attempts. Try again later."}' })).toMatch(/Too many attempts/);
    expect(lockNotice({ status: 423, contentType: 'text/html', text: page('<p>Nope</p>') })).toMatch(/423/);
    expect(lockNotice(html('Ihr Konto wurde vorübergehend gesperrt.'))).toMatch(/gesperrt/);
  });

  it('a warning of a lock to come is not a lock', () => {
    expect(lockNotice(html('You have specified an incorrect password. You have 1 attempt left before your account is locked.'))).toBeNull();
    expect(lockNotice(html('Incorrect password. 2 attempts remaining: after that your account will be locked for 30 minutes.'))).toBeNull();
    expect(lockNotice(html('Falsches Passwort. Nach einem weiteren Versuch wird Ihr Konto gesperrt.'))).toBeNull();
    expect(lockNotice(html('Mot de passe incorrect. Votre compte sera bloqué après 3 essais.'))).toBeNull();
    expect(lockNotice(html('Incorrect email or password.'))).toBeNull();
  });
});

describe('sealing', () => {
  it('opens only with the same key and the same additional data; every seal differs', () => {
    const key = newSecret();
    const aad = Buffer.from('a');
    const sealed = seal(key, aad, { sid: 'v' });
    expect(unseal(key, aad, sealed)).toEqual({ sid: 'v' });
    expect(unseal(newSecret(), aad, sealed)).toBeNull();
    expect(unseal(key, Buffer.from('b'), sealed)).toBeNull();
    expect(unseal(key, aad, { ...sealed, ciphertext: Buffer.from('x').toString('base64') })).toBeNull();
    expect(seal(key, aad, { sid: 'v' }).ciphertext).not.toBe(sealed.ciphertext);
  });
});

describe('the credential hand-off between the answer and the worker', () => {
  it('opens only under the same QUARRY_HANDOFF_SECRET (another process without it asks again), merges a later code, and is dropped', async () => {
    const testDb = await createTestDb();
    try {
      const deps = (secret: string) => ({ db: testDb.db, clock: systemClock, logger: pino({ level: 'silent' }), config: loadConfig({ ...testDb.env, QUARRY_HANDOFF_SECRET: secret }) });
      const user = await createUser(testDb.db, systemClock, { email: `h${Date.now()}@example.test`, password: 'correct horse battery', plan: 'developer' });
      const id = `task-${Date.now()}`;
      await testDb.db.kysely.insertInto('tasks').values(newTaskRow({ id, user_id: user.id, url: 'https://a.test/', task: '', now: new Date().toISOString(), allow_auth: 1 })).execute();
      const a = deps('secret-a');
      await testDb.db.kysely.transaction().execute((trx) => stashAnswer(a, trx, id, { email: 'e@x.test', password: 'pw-123' }));
      const stored = await testDb.db.kysely.selectFrom('task_logins').selectAll().where('task_id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain('pw-123');
      expect((await buildAuthOf(a, { id, allow_auth: 1 })).answers).toEqual({ email: 'e@x.test', password: 'pw-123' });
      expect((await buildAuthOf(deps('secret-b'), { id, allow_auth: 1 })).answers).toBeUndefined();
      expect(await buildAuthOf(a, { id, allow_auth: 0 })).toEqual({ allowed: false });
      await testDb.db.kysely.transaction().execute((trx) => stashAnswer(a, trx, id, { otp: '123456' }));
      expect((await buildAuthOf(a, { id, allow_auth: 1 })).answers).toEqual({ email: 'e@x.test', password: 'pw-123', otp: '123456' });
      await dropAnswers(a, id);
      expect((await buildAuthOf(a, { id, allow_auth: 1 })).answers).toBeUndefined();
    } finally {
      await testDb.cleanup();
    }
  });
});
