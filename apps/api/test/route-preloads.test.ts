import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

// The web build lists the files each lazy page needs (.vite/route-preloads.json); the server names
// them in that page's HTML so that the browser fetches them at once.

let t: TestApp;
let root: string;

// The early refresh of the real index.html stands for any inline script.
const inline = "\n      window.early = fetch('/api/auth/token/refresh/', { method: 'POST' });\n    ";
const shell = `<!doctype html>\n<html>\n  <head>\n    <title>Attend</title>\n    <script>${inline}</script>\n  </head>\n  <body></body>\n</html>\n`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'attend-web-'));
  writeFileSync(path.join(root, 'index.html'), shell);
  mkdirSync(path.join(root, '.vite'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'login-1.js'), 'export {};');
  writeFileSync(
    path.join(root, '.vite', 'route-preloads.json'),
    JSON.stringify([
      {
        pattern: '/login',
        scripts: ['/assets/login-1.js', '/assets/form-2.js'],
        styles: ['/assets/p-3.css'],
      },
      { pattern: '/event/:eventId', scripts: ['/assets/event-4.js'], styles: [] },
      { pattern: '/event/:eventId/tag', scripts: ['/assets/tag-5.js'], styles: [] },
    ]),
  );
  t = await createTestApp({ webDist: root });
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

describe('the inline script of index.html', () => {
  it('runs by its hash alone: the Content-Security-Policy names it on every page, and no other', async () => {
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    for (const url of ['/', '/login', '/event/7', '/api/public/stats/']) {
      const policy = (await get(url)).headers['content-security-policy'] as string;
      const scripts = policy.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scripts?.trim(), url).toBe(`script-src 'self' ${hash}`);
    }
  });
});

describe("a page's HTML names the files the page needs", () => {
  it('/login: its style sheet and its modules, compressed as the browser accepts, never cached for long', async () => {
    const res = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/p-3.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/form-2.js" />');
    expect(html.indexOf('form-2.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('event-4.js');

    const gzip = await get('/login/?event_code=ABC123', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);

    const plain = await get('/login', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('fills the parameters of a pattern, and tells /event/7 from /event/7/tag', async () => {
    const event = (await get('/event/7')).body;
    expect(event).toContain('/assets/event-4.js');
    expect(event).not.toContain('/assets/tag-5.js');
    const tag = (await get('/event/7/tag')).body;
    expect(tag).toContain('/assets/tag-5.js');
    expect(tag).not.toContain('/assets/event-4.js');
    expect((await get('/event/7/tag/more')).body).toBe(shell);
  });

  it('answers a repeated visit with 304 when the page has not changed', async () => {
    const first = await get('/event/7');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/event/8', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/login', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('serves the plain shell elsewhere, and files as files', async () => {
    expect((await get('/nowhere')).body).toBe(shell);
    expect((await get('/')).body).toBe(shell);
    const file = await get('/assets/login-1.js');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('export {};');
  });
});
