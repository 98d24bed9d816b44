/**
 * The optional LLM assist, against a real OpenAI-compatible server on 127.0.0.1 that answers
 * with scripted proposals: a verified proposal fills a field induction could not find; a wrong
 * one is rejected; the build works the same without the model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { build, execute } from './helpers.js';

const item = (n: number) => `<!doctype html><html><head><title>Gadget ${n} | Odd Shop</title></head><body>
<h1>Gadget ${n}</h1><div class="x9"><span class="q1">Voltage</span> <b class="zz">${220 + n} volts</b></div>
<p>Fine gadget number ${n}.</p></body></html>`;

describe('LLM assist', () => {
  let site: FixtureSite;
  let llm: FixtureSite;
  const prompts: string[] = [];
  let answer = '{"fields": {"supply": "div.x9 b.zz"}}';

  beforeAll(async () => {
    site = await startFixtureSite([
      ['/', `<ul>${[1, 2, 3, 4].map((n) => `<li><a href="/item/${n}.html">Gadget ${n}</a></li>`).join('')}</ul>`],
      [/^\/item\/(\d+)\.html$/, (_q, _s, url) => ({ body: item(Number(/(\d+)/.exec(url.pathname)![1])) })],
    ]);
    llm = await startFixtureSite([
      ['/v1/chat/completions', (_q, _s, _u, body) => {
        const req = JSON.parse(body);
        prompts.push(req.messages.map((m: { content: string }) => m.content).join('\n'));
        return {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }),
        };
      }],
    ]);
  });
  afterAll(async () => {
    await site.close();
    await llm.close();
  });

  const withLlm = async (fn: (t: TestApp, u: TestUser) => Promise<void>, useLlm = true) => {
    const t = await startTestApp({
      startWorker: true,
      env: useLlm ? { LLM_BASE_URL: `${llm.url}/v1`, LLM_API_KEY: 'k', LLM_MODEL: 'scripted' } : {},
    });
    try {
      await fn(t, await t.user('developer'));
    } finally {
      await t.close();
    }
  };

  it('a verified proposal fills a field induction left empty, on pages the build never saw', async () => {
    await withLlm(async (t, u) => {
      const task = await build(t, u, `${site.url}/`, 'get each gadget: title, supply');
      expect(task.status, task.error).toBe('completed');
      expect(prompts.some((p) => p.includes('supply'))).toBe(true);
      expect(task.progress.log.some((l: { message: string }) => /LLM proposal for supply .* verified/.test(l.message))).toBe(true);
      const ep = task.generated_api.endpoints[0];
      const res = await execute(t, u, task.generated_api.scraper_id, ep.endpoint_name, ep.sample_inputs, ep.method);
      expect(res.json().data.supply).toMatch(/volts/);
    });
  });

  it('a proposal that yields nothing is rejected', async () => {
    answer = '{"fields": {"supply": "div.nowhere"}}';
    await withLlm(async (t, u) => {
      const task = await build(t, u, `${site.url}/`, 'get each gadget: title, supply');
      expect(task.status).toBe('completed');
      expect(task.progress.log.some((l: { message: string }) => /LLM proposal for supply .* rejected/.test(l.message))).toBe(true);
    });
  });

  it('without the model the build still completes the same way', async () => {
    const before = prompts.length;
    await withLlm(async (t, u) => {
      const task = await build(t, u, `${site.url}/`, 'get each gadget: title, supply');
      expect(task.status).toBe('completed');
      expect(prompts.length).toBe(before);
    }, false);
  });
});
