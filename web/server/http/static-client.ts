import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './app-env.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Vite names hashed bundles under /assets/; they never change, so they may be cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ensemble: client not built</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>The web client is not built</h1>
<p>The app server is running and <code>/api</code> answers, but <code>web/client/dist</code> is missing.</p>
<p>Build it with <code>npm run build:client</code> (or restart <code>npm start</code>, which builds it), or use <code>npm run dev</code>.</p>
</body></html>`;

async function fileIn(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(root, `.${normalize(`/${decoded}`)}`);
  if (path !== root && !path.startsWith(root + sep)) return null;
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? path : null;
}

/**
 * The built client: real files with their type and cache policy, and index.html (never cached, so
 * a deploy is picked up at once) for every other GET: the SPA's routes. Mounted after /api, whose
 * sub-app answers every path under it.
 */
export function clientApp(distDir: string): Hono<AppEnv> {
  const root = resolve(distDir);
  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = c.req.path;
    const file = path === '/' ? null : await fileIn(root, path);
    if (file) {
      const body = await readFile(file);
      const cache = path.startsWith('/assets/') ? IMMUTABLE : path.endsWith('.html') ? REVALIDATE : 'public, max-age=300';
      return c.body(body, 200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache });
    }
    // A missing hashed asset is a stale page asking for an old build: a real 404, not the SPA.
    if (path.startsWith('/assets/') || extname(path) !== '') return c.text('Not found', 404, { 'Cache-Control': REVALIDATE });
    const index = await readFile(join(root, 'index.html'), 'utf8').catch(() => null);
    if (index === null) return c.html(NOT_BUILT, 503, { 'Cache-Control': REVALIDATE });
    // A shared conversation (/s/{token}) is for whoever has the link, never for search engines.
    const robots: Record<string, string> = path.startsWith('/s/') ? { 'X-Robots-Tag': 'noindex, nofollow' } : {};
    return c.html(index, 200, { 'Cache-Control': REVALIDATE, ...robots });
  });
  return app;
}
