/**
 * The dashboard: the React app built into web/dist (`npm run build:web`), served at `/`.
 * Only the app's own page paths fall back to index.html, so every JSON API path keeps its
 * answers (and unknown paths their `{detail: "Not Found"}`). Hashed assets are cached for a
 * year; index.html is revalidated every time and carries a CSP that allows no inline script.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../types.js';

/** The app's client-side routes (web/src/routes.ts); none collides with an API path. */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/signup',
  '/settings',
  '/keys',
  '/build',
  '/build/:task_id',
  '/apis',
  '/apis/:task_id',
  '/market',
  '/market/:id',
  '/usage',
  '/monitoring',
  '/monitoring/:id',
];

export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f2937"/>' +
  '<path d="M6 24h20v-4h-5v-4h-5v-4h-4v-4H6z" fill="#f59e0b"/></svg>';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

const route: RouteModule = (app, deps) => {
  const dist = deps.config.webDistDir;
  // Read once and kept: the files are immutable for the life of a build.
  const cache = new Map<string, Buffer>();
  const load = async (file: string): Promise<Buffer | null> => {
    const hit = cache.get(file);
    if (hit) return hit;
    // Only a missing file is "not there"; any other read error is a fault to report.
    const body = await readFile(path.join(dist, file)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return null;
      throw err;
    });
    if (body) cache.set(file, body);
    return body;
  };

  const page = async (_req: unknown, reply: FastifyReply) => {
    const html = await load('index.html');
    if (!html) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The dashboard is not built yet: run `npm run build:web` (npm start does it for you).');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'same-origin')
      .send(html);
  };
  for (const url of PAGE_PATHS) app.get(url, { config: { auth: 'none' }, schema: { hide: true } }, page);

  // Browsers ask for /favicon.ico on every site: a small icon (a quarry's stepped terraces)
  // instead of a 404 in every console.
  app.get('/favicon.ico', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(FAVICON_SVG),
  );

  app.get<{ Params: { file: string } }>('/assets/:file', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    const file = req.params.file;
    // Built file names only: no path separators, no dot-dot.
    if (!/^[\w-]+(\.[\w-]+)*\.[a-z0-9]+$/i.test(file)) return reply.code(404).send({ detail: 'Not Found' });
    const body = await load(`assets/${file}`);
    if (!body) return reply.code(404).send({ detail: 'Not Found' });
    return reply
      .type(TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
};
export default route;
