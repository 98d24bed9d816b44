/** The SSE parser on awkward chunkings, and tasks.events against a real streaming server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, Quarry, parseSse, type Progress, type SseMessage } from '../src/index.js';
import { startFakeQuarry, type FakeQuarry } from './helpers/fake-quarry.js';

async function parseChunks(chunks: string[]): Promise<SseMessage[]> {
  async function* bytes() {
    for (const c of chunks) yield new TextEncoder().encode(c);
  }
  const out: SseMessage[] = [];
  for await (const m of parseSse(bytes())) out.push(m);
  return out;
}

describe('parseSse', () => {
  it('reads event, data, id and retry; defaults the event to "message"', async () => {
    expect(await parseChunks(['event: progress\ndata: {"a":1}\nid: 7\nretry: 3000\n\ndata: plain\n\n'])).toEqual([
      { event: 'progress', data: '{"a":1}', id: '7', retry: 3000 },
      { event: 'message', data: 'plain', id: '7' },
    ]);
  });

  it('joins multi-line data, skips comments and messages without data', async () => {
    expect(await parseChunks([': keep-alive\n\nevent: ping\n\ndata: a\ndata: b\ndata\n\n'])).toEqual([{ event: 'message', data: 'a\nb\n' }]);
  });

  it('handles CRLF and CR line ends, including a CRLF split across chunks', async () => {
    expect(await parseChunks(['data: one\r', '\n\r', '\ndata: two\r\rdata:three\n\n'])).toEqual([
      { event: 'message', data: 'one' },
      { event: 'message', data: 'two' },
      { event: 'message', data: 'three' },
    ]);
  });

  it('handles a multi-byte character split across chunks and one byte per chunk', async () => {
    const text = 'data: café ✓\n\n';
    const bytes = new TextEncoder().encode(text);
    async function* oneByte() {
      for (const b of bytes) yield new Uint8Array([b]);
    }
    const out: SseMessage[] = [];
    for await (const m of parseSse(oneByte())) out.push(m);
    expect(out).toEqual([{ event: 'message', data: 'café ✓' }]);
  });

  it('drops a message the stream ended in the middle of', async () => {
    expect(await parseChunks(['data: done\n\ndata: cut'])).toEqual([{ event: 'message', data: 'done' }]);
  });

  it('keeps a colon inside the value and only strips one leading space', async () => {
    expect(await parseChunks(['data:  a: b\n\n'])).toEqual([{ event: 'message', data: ' a: b' }]);
  });
});

describe('tasks.events', () => {
  let server: FakeQuarry;
  beforeAll(async () => {
    server = await startFakeQuarry({ apiKey: 'pmx_good' });
  });
  afterAll(() => server.close());

  const p = (percent: number): Progress => ({ stage: 'exploring', headline: `at ${percent}`, percent, endpoints: [], log: [] });

  it('yields parsed events written in pieces over time, until the server closes', async () => {
    server.on('GET', '/dispatch/tasks/t1/events', async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const pieces = [': hello\n\n', `event: progress\nid: 1\ndata: ${JSON.stringify(p(10))}\n\n`, 'event: progress\nid: 2\nda', `ta: ${JSON.stringify(p(60))}\n\n`, 'event: status\ndata: {"status":"completed"}\n\n'];
      for (const piece of pieces) {
        res.write(piece);
        await new Promise((r) => setTimeout(r, 5));
      }
      res.end();
    });
    const quarry = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url });
    const events = [];
    for await (const e of quarry.tasks.events('t1')) events.push(e);
    expect(events).toEqual([
      { event: 'progress', id: '1', data: p(10) },
      { event: 'progress', id: '2', data: p(60) },
      // The last event id carries over to later messages (as EventSource does).
      { event: 'status', id: '2', data: { status: 'completed' } },
    ]);
    const req = server.received('GET', '/dispatch/tasks/t1/events')[0];
    expect(req.headers.accept).toBe('text/event-stream');
    expect(req.headers['x-api-key']).toBe('pmx_good');
  });

  it('breaking out of the loop closes the connection', async () => {
    let closed!: () => void;
    const closedPromise = new Promise<void>((r) => (closed = r));
    server.on('GET', '/dispatch/tasks/t_open/events', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"n":1}\n\n');
      res.on('close', () => closed());
      // never ends on its own
    });
    const quarry = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url, timeoutMs: 200 });
    for await (const e of quarry.tasks.events('t_open', { lastEventId: '41' })) {
      expect(e.data).toEqual({ n: 1 });
      break;
    }
    await closedPromise;
    expect(server.received('GET', '/dispatch/tasks/t_open/events')[0].headers['last-event-id']).toBe('41');
  });

  it('a stream open longer than timeoutMs is not cut by the time-out', async () => {
    server.on('GET', '/dispatch/tasks/t_long/events', async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
      await new Promise((r) => setTimeout(r, 150));
      res.end('data: 2\n\n');
    });
    const quarry = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url, timeoutMs: 50 });
    const data = [];
    for await (const e of quarry.tasks.events('t_long')) data.push(e.data);
    expect(data).toEqual([1, 2]);
  });

  it('a refused stream throws the typed error', async () => {
    server.on('GET', '/dispatch/tasks/t_gone/events', { status: 404, body: { error: 'task t_gone not found', status_code: 404 } });
    const quarry = new Quarry({ apiKey: 'pmx_good', baseUrl: server.url });
    const iterate = async () => {
      for await (const _ of quarry.tasks.events('t_gone')) void _;
    };
    await expect(iterate()).rejects.toBeInstanceOf(NotFoundError);
  });
});
