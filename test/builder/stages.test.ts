/** The stage runner shared by builds and revisions, and the catch rule's predicates. */
import { describe, expect, it } from 'vitest';
import { BuildFailedError, BuildStageError, BuildStop, defineStage, runStage, type StageContext } from '../../src/builder/stages.js';
import { isExpected, nullOn, rethrowUnless } from '../../src/errors/expected.js';
import { ProgressReporter } from '../../src/builder/progress.js';
import { QuarryError } from '../../src/errors/index.js';
import { upstreamError } from '../../src/fetch/failures.js';
import { loadConfig } from '../../src/config/index.js';
import { createFetcher } from '../../src/fetch/index.js';
import type { Fetcher } from '../../src/fetch/types.js';
import { buildApi } from '../../src/builder/pipeline.js';
import { startFixtureSite } from '../helpers/fixture-server.js';
import { booksSite } from '../fixtures/sites/books.js';

const context = (signal = new AbortController().signal): StageContext => ({ progress: new ProgressReporter(async () => {}), signal });
const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe('the stage runner', () => {
  it('reports each stage as progress and hands its output on', async () => {
    const ctx = context();
    const count = defineStage<string, number>({ name: 'analyzing', headline: (s) => `Counting "${s}"`, run: (s) => s.length });
    const double = defineStage<number, number>({ name: 'generating', headline: (n) => `Doubling ${n}`, run: async (n) => n * 2 });
    expect(await runStage(double, await runStage(count, 'abc', ctx), ctx)).toBe(6);
    expect(ctx.progress.current.stage).toBe('generating');
    expect(ctx.progress.current.log.map((l) => l.message)).toEqual(['Counting "abc"', 'Doubling 3']);
  });

  it('a programming error fails with the stage and "internal", naming the stage', async () => {
    const broken = defineStage<{ a?: { b: string } }, string>({ name: 'generating', headline: () => 'Inducing', run: (x) => x.a!.b });
    const err = await failureOf(runStage(broken, {}, context()));
    expect(err).toBeInstanceOf(BuildStageError);
    expect(err).toBeInstanceOf(BuildFailedError); // jobs read it as a failure people see
    expect(err).toMatchObject({ stage: 'generating', code: 'internal' });
    expect((err as Error).message).toMatch(/^Internal error while generating: Cannot read properties of undefined/);
    expect((err as Error).cause).toBeInstanceOf(TypeError);
  });

  it('an abort fails with "aborted", before or during the stage', async () => {
    const before = new AbortController();
    before.abort(new Error('cancelled'));
    let ran = false;
    const stage = defineStage<null, null>({ name: 'testing', headline: () => 'Testing', run: () => { ran = true; return null; } });
    expect(await failureOf(runStage(stage, null, context(before.signal)))).toMatchObject({ stage: 'testing', code: 'aborted' });
    expect(ran).toBe(false);

    const during = new AbortController();
    const waits = defineStage<null, null>({
      name: 'fetching',
      headline: () => 'Fetching',
      run: (_, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    });
    const pending = failureOf(runStage(waits, null, context(during.signal)));
    during.abort(new Error('out of time'));
    expect(await pending).toMatchObject({ stage: 'fetching', code: 'aborted', message: 'Stopped while fetching: out of time' });
  });

  it('keeps a failure\'s code and message, stamps the stage; a fetch failure is fetch_failed; stops pass through', async () => {
    const fails = (err: unknown) => defineStage<null, never>({ name: 'analyzing', headline: () => 'x', run: () => { throw err; } });
    expect(await failureOf(runStage(fails(new BuildFailedError('no_records', 'Nothing matching the task was found')), null, context())))
      .toMatchObject({ stage: 'analyzing', code: 'no_records', message: 'Nothing matching the task was found' });
    const nested = new BuildStageError('fetching', 'robots_disallowed', 'robots.txt says no');
    expect(await failureOf(runStage(fails(nested), null, context()))).toBe(nested);
    expect(await failureOf(runStage(fails(upstreamError('http://x.test/', 'timeout', 'Fetching http://x.test/ timed out')), null, context())))
      .toMatchObject({ stage: 'analyzing', code: 'fetch_failed', message: 'Fetching http://x.test/ timed out' });
    class AskForLogin extends BuildStop {}
    const stop = new AskForLogin('needs a login');
    expect(await failureOf(runStage(fails(stop), null, context()))).toBe(stop);
  });
});

describe('expected failures (the catch rule)', () => {
  const of = (fn: () => unknown) => { try { fn(); } catch (err) { return err; } return null; };
  const badUrl = of(() => new URL('not a url'));
  const badJson = of(() => JSON.parse('{'));
  const badUri = of(() => decodeURIComponent('%'));
  const bug = of(() => (undefined as unknown as { x: number }).x);

  it('tells each expected kind from a programming error', () => {
    expect(isExpected(badUrl, 'url')).toBe(true);
    expect(isExpected(badJson, 'json')).toBe(true);
    expect(isExpected(badUri, 'uri')).toBe(true);
    expect(isExpected(upstreamError('http://x.test/', 'dns_failed', 'no such host'), 'fetch')).toBe(true);
    expect(isExpected(Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }), 'fetch')).toBe(true);
    expect(isExpected(new QuarryError('scraper_bug', 'empty'), 'run')).toBe(true);
    expect(isExpected(new DOMException('gone', 'AbortError'), 'abort')).toBe(true);
    expect(isExpected(new Error('Unknown pseudo-class :foo'), 'selector')).toBe(true);
    // A TypeError from undefined is none of them, even the kinds that are TypeErrors or plain Errors.
    for (const kind of ['url', 'json', 'uri', 'fetch', 'run', 'abort', 'selector', 'network', 'browser', 'pattern'] as const) {
      expect(isExpected(bug, kind), kind).toBe(false);
    }
    expect(isExpected(new QuarryError('scraper_bug', 'x'), 'fetch')).toBe(false);
  });

  it('rethrows what it does not expect', async () => {
    expect(() => rethrowUnless(badUrl, 'url')).not.toThrow();
    expect(() => rethrowUnless(bug, 'url')).toThrow(TypeError);
    expect(await Promise.reject(upstreamError('http://x.test/', 'timeout', 't')).catch(nullOn('fetch'))).toBeNull();
    await expect(Promise.reject(bug).catch(nullOn('fetch'))).rejects.toBe(bug);
  });
});

describe('a build whose stage hits a programming error', () => {
  it('fails naming the stage, not as "nothing found"', async () => {
    const site = await startFixtureSite(booksSite());
    const real = createFetcher(loadConfig({ QUARRY_ALLOW_PRIVATE_TARGETS: '1' }));
    try {
      // A fetcher whose answers lack their text: a bug (a broken contract), not a site's failure.
      const broken: Fetcher = {
        fetch: async (req) => ({ ...(await real.fetch(req)), text: undefined as unknown as string }),
        robotsAllowed: (url, signal) => real.robotsAllowed(url, signal),
        close: async () => {},
      };
      const progress = new ProgressReporter(async () => {});
      const err = await failureOf(
        buildApi({ url: `${site.url}/`, task: 'get each book: title, price', fetcher: broken, signal: new AbortController().signal, budget: loadConfig({}).build, progress, publicUrl: 'http://quarry.test', llm: null }),
      );
      expect(err).toBeInstanceOf(BuildStageError);
      expect(err).toMatchObject({ stage: 'fetching', code: 'internal' });
      expect((err as Error).message).toMatch(/^Internal error while fetching: /);
    } finally {
      await real.close();
      await site.close();
    }
  });
});
