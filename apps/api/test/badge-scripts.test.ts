import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helper';

/** One name in each script a badge draws, and the embedded font that must draw it. */
const NAMES = [
  { script: 'Latin', name: 'Zoë Ångström', font: 'NotoSans-Bold' },
  { script: 'Greek', name: 'Σωκράτης Παπαδόπουλος', font: 'NotoSans-Bold' },
  { script: 'Cyrillic', name: 'Александра Иванова', font: 'NotoSans-Bold' },
  { script: 'Arabic', name: 'فاطمة الزهراء', font: 'NotoSansArabic-Bold' },
  { script: 'Hebrew', name: 'דוד כהן', font: 'NotoSansHebrew-Bold' },
  { script: 'Devanagari', name: 'अमृत शर्मा', font: 'NotoSansDevanagari-Bold' },
  { script: 'Bengali', name: 'অমিত রায়', font: 'NotoSansBengali-Bold' },
  { script: 'Tamil', name: 'முருகன் செல்வம்', font: 'NotoSansTamil-Bold' },
  { script: 'Thai', name: 'สมชาย ใจดี', font: 'NotoSansThai-Bold' },
  { script: 'Georgian', name: 'ნინო ბერიძე', font: 'NotoSansGeorgian-Bold' },
  { script: 'Armenian', name: 'Արամ Պետրոսյան', font: 'NotoSansArmenian-Bold' },
  { script: 'Ethiopic', name: 'አበበ ቢቂላ', font: 'NotoSansEthiopic-Bold' },
  { script: 'Hangul', name: '김민준', font: 'NotoSansKR-Bold' },
  { script: 'Han', name: '王小明', font: 'NotoSansHans-Bold' },
  { script: 'emoji', name: 'Ana 😀 Silva', font: 'NotoEmoji-Bold' },
];

let t: TestApp;
let staff: string;
let eventId: number;
let ids: number[] = [];
let counter = 0;
let work: string;

beforeAll(async () => {
  if (spawnSync('pdfinfo', ['-v']).status !== 0) {
    throw new Error('pdfinfo is missing: run node scripts/ensure-poppler.mjs (npm test does).');
  }
  work = mkdtempSync(path.join(tmpdir(), 'attend-badge-scripts-'));
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  ids = [];
  for (const n of NAMES) ids.push(await person(n.name));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

async function person(fullName: string, organization = ''): Promise<number> {
  counter += 1;
  const [p] = await t.database.db
    .insert(participants)
    .values({
      eventId,
      username: `script${counter}`,
      fullName,
      email: `script${counter}@example.org`,
      organization,
      uniqueCode: `SC${String(counter).padStart(6, '0')}`.replace(/0/g, 'Z').replace(/1/g, 'Y'),
      confirmedAttendance: true,
      confirmedAt: new Date(),
    })
    .returning();
  if (!p) throw new Error('no participant');
  return p.id;
}

function get(url: string) {
  return t.request({ method: 'GET', url, headers: bearer(staff) });
}

function saved(pdf: Buffer): string {
  counter += 1;
  const file = path.join(work, `badges-${counter}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

function poppler(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr}`);
  return r.stdout;
}

/**
 * pdftotext's text, white space as single spaces. pdftotext itself wraps each right-to-left
 * stretch of a line in embedding marks (U+202A-U+202C) whatever the PDF holds; those go.
 */
function text(pdf: Buffer): string {
  return poppler('pdftotext', [saved(pdf), '-'])
    .replace(/[\u202a-\u202c]/g, '')
    .replace(/\s+/g, ' ');
}

/**
 * The glyph codes every text operator of the PDF draws. Each font is a subset whose code 0 is
 * .notdef, the empty box drawn for a character the font lacks.
 */
function drawnCodes(pdf: Buffer): number[] {
  const raw = pdf.toString('latin1');
  const codes: number[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated stream (an image, say)
    }
    if (!content.includes(' Tf')) continue;
    for (const tj of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      for (const hex of (tj[1] ?? '').matchAll(/<([0-9a-f]*)>/g)) {
        for (const code of (hex[1] ?? '').match(/.{4}/g) ?? []) codes.push(parseInt(code, 16));
      }
    }
  }
  return codes;
}

describe('badges in every script', () => {
  it('prints a sheet with a font for each script, each name extractable as written, and no empty box', async () => {
    const res = await get(`/api/events/${eventId}/badges.pdf?participant_ids=${ids.join(',')}`);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const fonts = poppler('pdffonts', [saved(pdf)]);
    for (const n of NAMES) {
      expect(fonts, n.script).toMatch(new RegExp(`\\+${n.font}\\s.*\\byes\\s+yes\\s+yes\\b`));
    }
    const extracted = text(pdf);
    for (const n of NAMES) expect(extracted, n.script).toContain(n.name);
    // Nothing a reader would show as a control character.
    expect(extracted).not.toMatch(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
    const codes = drawnCodes(pdf);
    expect(codes.length).toBeGreaterThan(100);
    expect(codes.filter((c) => c === 0)).toEqual([]);
  });

  it('reads only the weight a text needs, and draws a letter its own font lacks in the weight it has', async () => {
    // The name (bold) needs Noto Sans CJK; the organisation (regular) is in full-width Latin,
    // which Noto Sans lacks and CJK has: it is drawn with CJK's bold rather than as empty boxes.
    const id = await person('王小明', 'Ｔｏｋｙｏ');
    const res = await get(`/api/events/${eventId}/badges.pdf?participant_ids=${id}`);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const fonts = poppler('pdffonts', [saved(pdf)]);
    expect(fonts).toMatch(/\+NotoSansHans-Bold\s/);
    expect(fonts).not.toMatch(/NotoSansHans-Regular/);
    expect(text(pdf)).toContain('Ｔｏｋｙｏ');
    expect(drawnCodes(pdf).filter((c) => c === 0)).toEqual([]);
  });

  it('prints each single badge with its name as written, named after the person', async () => {
    for (const [i, n] of NAMES.entries()) {
      const res = await get(`/api/events/${eventId}/participants/${ids[i]}/badge.pdf`);
      expect(res.statusCode, n.script).toBe(200);
      expect(text(res.rawPayload), n.script).toContain(n.name);
      expect(
        drawnCodes(res.rawPayload).filter((c) => c === 0),
        n.script,
      ).toEqual([]);
      expect(poppler('pdffonts', [saved(res.rawPayload)]), n.script).toContain(`+${n.font}`);
    }
  });

  it('sends a Devanagari name as an RFC 5987 filename* beside an ASCII filename', async () => {
    const id = ids[NAMES.findIndex((n) => n.script === 'Devanagari')];
    const res = await get(`/api/events/${eventId}/participants/${id}/badge.pdf`);
    const header = String(res.headers['content-disposition']);
    expect(header).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''[\x21-\x7e]+$/);
    expect(/filename="([^"]+)"/.exec(header)?.[1]).toBe(`badge-TEST42-${id}.pdf`);
    const encoded = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(`badge-अमृत_शर्मा-TEST42-${id}.pdf`);
  });

  it('would show a script without a bundled font as empty boxes (the check above can fail)', async () => {
    const id = await person('සුනිල් පෙරේරා'); // Sinhala: no font for it is bundled
    const res = await get(`/api/events/${eventId}/participants/${id}/badge.pdf`);
    expect(res.statusCode).toBe(200);
    expect(drawnCodes(res.rawPayload).filter((c) => c === 0).length).toBeGreaterThan(0);
  });
});
