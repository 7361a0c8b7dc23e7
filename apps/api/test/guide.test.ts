import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderGuide } from '../../web/scripts/render-guide.mjs';
import { createTestApp, type TestApp } from './helper';

// The organiser's guide as the web build holds it (docs/guide rendered by the build's own step), served
// by the real app: a self-hosted install has no repository to read the guide in.
const guideDir = path.resolve(import.meta.dirname, '..', '..', '..', 'docs', 'guide');
const guideTitle = /^#\s+(.+)$/m.exec(readFileSync(path.join(guideDir, 'README.md'), 'utf8'))?.[1] ?? '';

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'attend-web-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Attend app shell</title>');
  for (const { fileName, source } of renderGuide(guideDir)) {
    mkdirSync(path.dirname(path.join(root, fileName)), { recursive: true });
    writeFileSync(path.join(root, fileName), source);
  }
  t = await createTestApp({ webDist: root });
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the organiser's guide", () => {
  it('answers /guide/ with the guide itself, under the CSP, never cached for long', async () => {
    expect(guideTitle).toBe("Organiser's guide");
    const res = await t.request({ method: 'GET', url: '/guide/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain(`<title>${guideTitle} · Attend</title>`);
    expect(res.body).toContain('<h1 id="organisers-guide">Organiser&#39;s guide</h1>');
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('Attend app shell');
  });

  it('sends /guide to /guide/, so that its relative links resolve inside it', async () => {
    const res = await t.request({ method: 'GET', url: '/guide' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/guide/');
  });

  it('serves every image the guide shows, and its stylesheet', async () => {
    const html = (await t.request({ method: 'GET', url: '/guide/' })).body;
    const images = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(images.length).toBeGreaterThan(10);
    for (const src of [...images, 'guide.css']) {
      const res = await t.request({ method: 'GET', url: `/guide/${src}` });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(src.endsWith('.css') ? /^text\/css/ : /^image\/png/);
    }
  });

  it('leaves the app its own pages and refuses to leave the build', async () => {
    const page = await t.request({ method: 'GET', url: '/dashboard/events' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Attend app shell');
    const outside = await t.request({ method: 'GET', url: '/guide/..%2f..%2fpackage.json' });
    expect(outside.body).toContain('Attend app shell');
    const missing = await t.request({ method: 'GET', url: '/guide/no-such-chapter.html' });
    expect(missing.body).toContain('Attend app shell');
  });
});
