import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher, decodeBody, type Fetcher } from '../../src/fetch/index.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { quarryError, testConfig } from './helpers.js';

const PAGE = '<html><body><p>Grüße, café – 日本語</p></body></html>';
const BIG = 'x'.repeat(300_000);

let site: FixtureSite;
let fetcher: Fetcher;

beforeAll(async () => {
  site = await startFixtureSite([
    ['/cp1252', { headers: { 'content-type': 'text/html; charset=windows-1252' }, body: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x20, 0x93, 0x71, 0x94]) }],
    ['/latin1', { headers: { 'content-type': 'text/plain; charset="ISO-8859-1"' }, body: Buffer.from([0x4d, 0xfc, 0x6e, 0x63, 0x68, 0x65, 0x6e]) }],
    ['/sjis-meta', { headers: { 'content-type': 'text/html' }, body: iconv.encode('<html><head><meta charset="Shift_JIS"><title>日本語のページ</title></head></html>', 'shift_jis') }],
    [
      '/gbk-http-equiv',
      {
        headers: { 'content-type': 'text/html' },
        body: iconv.encode('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gbk"></head><body>中文网页</body></html>', 'gbk'),
      },
    ],
    ['/utf8-bom', { headers: { 'content-type': 'text/plain' }, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo', 'utf8')]) }],
    ['/no-charset', { headers: { 'content-type': 'text/html' }, body: Buffer.from(PAGE, 'utf8') }],
    ['/gzip', { headers: { 'content-encoding': 'gzip' }, body: zlib.gzipSync(PAGE) }],
    ['/br', { headers: { 'content-encoding': 'br' }, body: zlib.brotliCompressSync(PAGE) }],
    ['/deflate', { headers: { 'content-encoding': 'deflate' }, body: zlib.deflateSync(PAGE) }],
    ['/deflate-raw', { headers: { 'content-encoding': 'deflate' }, body: zlib.deflateRawSync(PAGE) }],
    ['/double', { headers: { 'content-encoding': 'gzip, br' }, body: zlib.brotliCompressSync(zlib.gzipSync(PAGE)) }],
    ['/corrupt-gzip', { headers: { 'content-encoding': 'gzip' }, body: Buffer.from('definitely not gzip') }],
    ['/zstd', { headers: { 'content-encoding': 'zstd' }, body: Buffer.from('whatever') }],
    ['/big', { body: BIG }],
    ['/bomb', { headers: { 'content-encoding': 'gzip' }, body: zlib.gzipSync(Buffer.alloc(5_000_000, 0x61)) }],
    ['/headers', (req) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.headers) })],
    ['/not-found', { status: 404, body: 'no such page' }],
    ['/server-error', { status: 500, body: 'it broke' }],
  ]);
  fetcher = createFetcher(testConfig({ fetch: { maxBodyBytes: 200_000, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' } }));
});

afterAll(async () => {
  await fetcher.close();
  await site.close();
});

describe('charsets', () => {
  it.each([
    ['/cp1252', 'windows-1252', 'café € “q”'],
    ['/latin1', 'windows-1252', 'München'],
    ['/sjis-meta', 'shift_jis', '日本語のページ'],
    ['/gbk-http-equiv', 'gbk', '中文网页'],
    ['/utf8-bom', 'utf-8', 'héllo'],
    ['/no-charset', 'utf-8', 'Grüße, café – 日本語'],
  ])('%s decodes as %s', async (path, charset, expected) => {
    const res = await fetcher.fetch({ url: `${site.url}${path}` });
    expect(res.charset).toBe(charset);
    expect(res.text).toContain(expected);
  });

  it('strips the BOM from the text', async () => {
    const res = await fetcher.fetch({ url: `${site.url}/utf8-bom` });
    expect(res.text).toBe('héllo');
    expect(res.contentType).toBe('text/plain');
  });

  it('prefers the header over a meta declaration, and a BOM over both', () => {
    const sjisMeta = Buffer.from('<meta charset="shift_jis"><p>é</p>', 'utf8');
    expect(decodeBody(sjisMeta, 'text/html; charset=utf-8')).toEqual({ charset: 'utf-8', text: '<meta charset="shift_jis"><p>é</p>' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('é', 'utf8')]);
    expect(decodeBody(bom, 'text/html; charset=windows-1252')).toEqual({ charset: 'utf-8', text: 'é' });
  });

  it('reads UTF-16 with a BOM and an XML declaration', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ok ü', 'utf16le')]);
    expect(decodeBody(utf16, 'text/plain')).toEqual({ charset: 'utf-16le', text: 'ok ü' });
    const xml = iconv.encode('<?xml version="1.0" encoding="ISO-8859-2"?><a>ł</a>', 'iso-8859-2');
    expect(decodeBody(xml, 'application/xml')).toEqual({ charset: 'iso-8859-2', text: '<?xml version="1.0" encoding="ISO-8859-2"?><a>ł</a>' });
  });

  it('falls back to iconv-lite for labels TextDecoder lacks, and to UTF-8 for unknown ones', () => {
    expect(decodeBody(Buffer.from([0x82, 0x9a]), 'text/plain; charset=cp437')).toEqual({ charset: 'cp437', text: 'éÜ' });
    expect(decodeBody(Buffer.from('ü', 'utf8'), 'text/plain; charset=no-such-charset')).toEqual({ charset: 'utf-8', text: 'ü' });
  });

  it('does not sniff meta tags inside JSON', () => {
    const json = Buffer.from('{"html":"<meta charset=shift_jis>","name":"é"}', 'utf8');
    expect(decodeBody(json, 'application/json').charset).toBe('utf-8');
  });
});

describe('compression', () => {
  it.each(['/gzip', '/br', '/deflate', '/deflate-raw', '/double'])('decodes %s', async (path) => {
    const res = await fetcher.fetch({ url: `${site.url}${path}` });
    expect(res.text).toBe(PAGE);
    expect(res.bytes).toBe(Buffer.byteLength(PAGE));
  });

  it('advertises the encodings it can undo', async () => {
    const res = await fetcher.fetch({ url: `${site.url}/headers` });
    expect((JSON.parse(res.text) as Record<string, string>)['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('fails on a corrupt or unsupported body encoding', async () => {
    const corrupt = await quarryError(fetcher.fetch({ url: `${site.url}/corrupt-gzip` }));
    expect(corrupt.fields).toMatchObject({ reason: 'bad_encoding', upstream_status_code: 200 });
    const zstd = await quarryError(fetcher.fetch({ url: `${site.url}/zstd` }));
    expect(zstd.fields).toMatchObject({ reason: 'bad_encoding' });
    expect(zstd.message).toContain('zstd');
  });
});

describe('body size cap', () => {
  it('fails once the body exceeds maxBodyBytes', async () => {
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/big` }));
    expect(err.code).toBe('upstream_error');
    expect(err.fields).toMatchObject({ reason: 'body_too_large', upstream_status_code: 200 });
  });

  it('counts decompressed bytes, so a compression bomb fails too', async () => {
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/bomb` }));
    expect(err.fields.reason).toBe('body_too_large');
  });

  it('takes a per-request cap', async () => {
    const res = await fetcher.fetch({ url: `${site.url}/big`, maxBodyBytes: 400_000 });
    expect(res.bytes).toBe(BIG.length);
    const err = await quarryError(fetcher.fetch({ url: `${site.url}/no-charset`, maxBodyBytes: 10 }));
    expect(err.fields.reason).toBe('body_too_large');
  });
});

describe('answers and headers', () => {
  it('returns 404 and 500 answers instead of throwing', async () => {
    const missing = await fetcher.fetch({ url: `${site.url}/not-found` });
    expect([missing.status, missing.text]).toEqual([404, 'no such page']);
    const broken = await fetcher.fetch({ url: `${site.url}/server-error` });
    expect([broken.status, broken.text]).toEqual([500, 'it broke']);
  });

  it('sends browser-like defaults that the caller can override', async () => {
    const res = await fetcher.fetch({ url: `${site.url}/headers`, headers: { 'Accept-Language': 'de-DE' } });
    const headers = JSON.parse(res.text) as Record<string, string>;
    expect(headers['user-agent']).toContain('Chrome/126.0');
    expect(headers['accept-language']).toBe('de-DE');
    expect(headers.accept).toContain('text/html');
    expect(headers['upgrade-insecure-requests']).toBe('1');
    expect(headers['sec-ch-ua']).toContain('v="126"');
    expect(headers['sec-ch-ua-platform']).toBe('"Linux"');
    expect(res.contentType).toBe('application/json');
    expect(res.elapsedMs).toBeGreaterThanOrEqual(0);
  });
});
