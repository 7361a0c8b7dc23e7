import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeMessages, messages } from '@attend/shared';
import { eventLogos, events, participants } from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

/** The mixed-script names of the issue: each must come out of the PDF with its own glyphs. */
const NAMES = [
  { name: 'Zoë Ångström', org: 'Université de Genève' },
  { name: 'Σωκράτης Παπαδόπουλος', org: 'Πανεπιστήμιο Αθηνών' },
  { name: 'Александра Иванова', org: 'Министерство здравоохранения' },
  { name: 'محمد عبدالله', org: '' },
  { name: 'अनिल कुमार', org: 'स्वास्थ्य मंत्रालय' },
  { name: '王小明', org: '北京大学' },
  { name: '山田 花子', org: '東京大学病院' },
];
/** PDF points of A4 and of the 3.5 × 5.5 in badge, as pdfinfo prints them. */
const A4 = '595.276 x 841.89 pts (A4)';
const BADGE = '252 x 396 pts';

let t: TestApp;
let staff: string;
let eventId: number;
let mixedIds: number[] = [];
let counter = 0;
let work: string;

beforeAll(async () => {
  if (spawnSync('pdfinfo', ['-v']).status !== 0) {
    throw new Error('pdfinfo is missing: run node scripts/ensure-poppler.mjs (npm test does).');
  }
  work = mkdtempSync(path.join(tmpdir(), 'attend-badges-'));
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  mixedIds = [];
  for (const n of NAMES) mixedIds.push((await person({ name: n.name, org: n.org })).id);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

async function person(opts: { name: string; org?: string; confirmed?: boolean; event?: number }) {
  counter += 1;
  const [p] = await t.database.db
    .insert(participants)
    .values({
      eventId: opts.event ?? eventId,
      username: `badge${counter}`,
      fullName: opts.name,
      email: `badge${counter}@example.org`,
      organization: opts.org ?? '',
      uniqueCode: `BG${String(counter).padStart(6, '0')}`.replace(/0/g, 'Z').replace(/1/g, 'Y'),
      confirmedAttendance: opts.confirmed ?? true,
      confirmedAt: opts.confirmed === false ? null : new Date(),
    })
    .returning();
  if (!p) throw new Error('no participant');
  return p;
}

function badges(query: string, token: string | null = staff, event = eventId) {
  return t.request({
    method: 'GET',
    url: `/api/events/${event}/badges.pdf?${query}`,
    headers: token ? bearer(token) : {},
  });
}

/** Writes the PDF where poppler can read it. */
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

function info(pdf: Buffer): { pages: number; size: string; sizes: Set<string> } {
  const file = saved(pdf);
  const out = poppler('pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]);
  const size = /^Page size:\s+(.+)$/m.exec(out)?.[1]?.trim() ?? '';
  // Every page's size, not only the first.
  const each = poppler('pdfinfo', ['-f', '1', '-l', String(pages), file]);
  const sizes = new Set([...each.matchAll(/^Page\s+\d+ size:\s+(.+)$/gm)].map((m) => m[1]?.trim() ?? ''));
  return { pages, size, sizes };
}

/** The PDF's text with runs of white space as one space (a long name wraps onto two lines). */
function text(pdf: Buffer, page?: number): string {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return poppler('pdftotext', [...pages, saved(pdf), '-']).replace(/\s+/g, ' ');
}

describe('GET /api/events/{eventId}/badges.pdf', () => {
  it('prints the selection four to an A4 sheet, every script with its own glyphs', async () => {
    const res = await badges(`participant_ids=${mixedIds.join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="badges-TEST42.pdf"');
    expect(res.headers['x-badge-count']).toBe(String(NAMES.length));
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(info(pdf)).toEqual({ pages: 2, size: A4, sizes: new Set([A4]) });
    const extracted = text(pdf);
    for (const n of NAMES) {
      expect(extracted).toContain(n.name);
      if (n.org) expect(extracted).toContain(n.org);
    }
    expect(extracted).toContain('Regional Health Workshop');
    expect(extracted).toContain('TEST42');
    // Every name font is embedded (subset), none substituted by the viewer.
    const fonts = poppler('pdffonts', [saved(pdf)]);
    for (const f of [
      'NotoSans-Bold',
      'NotoSansArabic-Bold',
      'NotoSansDevanagari-Bold',
      'NotoSansHans-Bold',
    ]) {
      expect(fonts).toMatch(new RegExp(`\\+${f}\\s.*\\byes\\s+yes\\s+yes\\b`));
    }
  });

  it('prints two larger badges to an A4 sheet (a4-2) and one badge a page at badge size (single)', async () => {
    const ids = mixedIds.join(',');
    const two = await badges(`participant_ids=${ids}&layout=a4-2`);
    expect(two.statusCode).toBe(200);
    expect(info(two.rawPayload)).toEqual({ pages: 4, size: A4, sizes: new Set([A4]) });
    expect(text(two.rawPayload)).toContain('Σωκράτης');

    const single = await badges(`participant_ids=${ids}&layout=single`);
    expect(single.statusCode).toBe(200);
    expect(info(single.rawPayload)).toEqual({ pages: NAMES.length, size: BADGE, sizes: new Set([BADGE]) });
    // One badge a page, in id order.
    for (const [i, n] of NAMES.entries()) {
      expect(text(single.rawPayload, i + 1)).toContain(n.name);
    }
  });

  it('prints every confirmed participant of the event with all_confirmed=1, and nobody else', async () => {
    const unconfirmed = await person({ name: 'Una Confirmed', confirmed: false });
    const outsider = await otherEvent(t.database.db);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(participants)
      .where(and(eq(participants.eventId, eventId), eq(participants.confirmedAttendance, true)));
    const confirmed = row?.n ?? 0;
    const res = await badges('all_confirmed=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-badge-count']).toBe(String(confirmed));
    expect(info(res.rawPayload).pages).toBe(Math.ceil(confirmed / 4));
    const extracted = text(res.rawPayload);
    expect(extracted).toContain('Amina Uwase');
    expect(extracted).toContain('王小明');
    expect(extracted).not.toContain(unconfirmed.fullName);
    expect(extracted).not.toContain('Out Sider');
    expect(outsider.eventId).not.toBe(eventId);
  });

  it('carries each participant’s signed credential in a QR code that checks them in at the door', async () => {
    const p = await person({ name: 'Quentin Scanner', org: 'Door Test' });
    const res = await badges(`participant_ids=${p.id}&layout=single`);
    expect(res.statusCode).toBe(200);
    const prefix = path.join(work, `qr-${p.id}`);
    poppler('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', saved(res.rawPayload), prefix]);
    const file = readdirSync(work).find((f) => f.startsWith(`qr-${p.id}`) && f.endsWith('.png'));
    if (!file) throw new Error('no page image');
    const image = PNG.sync.read(readFileSync(path.join(work, file)));
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    const sign = await t.app.qrKeys.signer(t.database.db, eventId);
    expect(code?.data).toBe(sign({ eventId, participantId: p.id }));

    const checkIn = await t.request({
      method: 'POST',
      url: `/api/events/${eventId}/check-in/`,
      headers: bearer(staff),
      payload: { qr_code_data: code?.data, session: null },
    });
    expect(checkIn.statusCode).toBe(201);
    expect(checkIn.json()).toMatchObject({ participant_id: p.id, participant_name: 'Quentin Scanner' });
  });

  it('draws the event logo (PNG, JPEG or WebP) once per document, and every tag layout', async () => {
    const png = new PNG({ width: 40, height: 20 });
    png.data.fill(255);
    for (let i = 0; i < png.data.length; i += 4) png.data[i + 3] = i % 8 === 0 ? 128 : 255;
    // A real JPEG: poppler draws one from a printed sheet.
    const sheet = await badges(`participant_ids=${mixedIds[0]}&layout=single`);
    const jpegPrefix = path.join(work, 'logo-jpeg');
    poppler('pdftoppm', ['-jpeg', '-scale-to', '60', '-singlefile', saved(sheet.rawPayload), jpegPrefix]);
    const logos = {
      'image/png': PNG.sync.write(png),
      'image/jpeg': readFileSync(`${jpegPrefix}.jpg`),
      'image/webp': await webp(40, 20),
    };
    for (const [mimeType, content] of Object.entries(logos)) {
      const hash = createHash('sha256').update(content).digest('hex').slice(0, 32);
      await t.database.db
        .insert(eventLogos)
        .values({ eventId, content, mimeType, hash, width: 40, height: 20 })
        .onConflictDoUpdate({ target: eventLogos.eventId, set: { content, mimeType, hash } });
      for (const layout of ['modern', 'classic', 'minimal'] as const) {
        await t.database.db
          .update(events)
          .set({ logoHash: hash, tagDesign: { layout, qr_position: 'top-right', border_radius: 16 } })
          .where(eq(events.id, eventId));
        const res = await badges(`participant_ids=${mixedIds.join(',')}&layout=a4-4`);
        expect(res.statusCode, `${mimeType} ${layout}`).toBe(200);
        expect(info(res.rawPayload).pages).toBe(2);
        expect(text(res.rawPayload)).toContain('Zoë Ångström');
        // Drawn on every badge, embedded once: every use names the same image object.
        const uses = [
          ...poppler('pdfimages', ['-list', saved(res.rawPayload)]).matchAll(
            /^\s*\d+\s+\d+\s+image\s+(?:\S+\s+){6}\S+\s+(\d+)\s+0\b/gm,
          ),
        ].map((m) => m[1]);
        expect(uses, `${mimeType} ${layout}`).toHaveLength(NAMES.length);
        expect(new Set(uses).size, `${mimeType} ${layout}`).toBe(1);
      }
    }
    await t.database.db.update(events).set({ logoHash: null, tagDesign: null }).where(eq(events.id, eventId));
  });

  it('refuses participants of another event and unknown ids, and prints nothing of theirs', async () => {
    const outsider = await otherEvent(t.database.db);
    const mixed = await badges(`participant_ids=${mixedIds[0]},${outsider.participantId}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      code: 'validation_error',
      detail: badgeMessages.notInEvent([outsider.participantId]),
    });
    const unknown = await badges('participant_ids=2147483000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(badgeMessages.notInEvent([2147483000]));
    // The other event's own staff view still works, from its own URL only.
    const own = await badges(`participant_ids=${outsider.participantId}`, staff, outsider.eventId);
    expect(own.statusCode).toBe(200);
    expect(text(own.rawPayload)).toContain('Out Sider');
  });

  it('answers 400 with a clear message for an empty selection, both selections, bad ids or layout', async () => {
    const cases: [string, string][] = [
      ['', badgeMessages.nothingSelected],
      ['participant_ids=', badgeMessages.nothingSelected],
      ['all_confirmed=0', badgeMessages.nothingSelected],
      [`participant_ids=${mixedIds[0]}&all_confirmed=1`, badgeMessages.bothSelected],
      ['participant_ids=1,abc', badgeMessages.badIds],
      ['participant_ids=0', badgeMessages.badIds],
      [`participant_ids=${mixedIds[0]}&layout=a3-8`, 'Layout must be one of: a4-4, a4-2, single.'],
    ];
    for (const [query, detail] of cases) {
      const res = await badges(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'validation_error', detail });
    }
    const [empty] = await t.database.db
      .insert(events)
      .values({
        name: 'Nobody Confirmed Yet',
        startDate: new Date(),
        endDate: new Date(Date.now() + 86_400_000),
        eventCode: `E${randomBytes(3).toString('hex').toUpperCase()}`.slice(0, 6),
      })
      .returning();
    if (!empty) throw new Error('no event');
    await person({ name: 'Not Yet', confirmed: false, event: empty.id });
    const none = await badges('all_confirmed=1', staff, empty.id);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'validation_error', detail: badgeMessages.noneConfirmed });

    const missing = await badges('all_confirmed=1', staff, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', detail: messages.eventNotFound });
  });

  it('is for admin staff only: no token 401, a participant 403, a scanner of the event 403', async () => {
    const query = `participant_ids=${mixedIds[0]}`;
    expect((await badges(query, null)).statusCode).toBe(401);
    const participant = await badges(query, await t.participantToken());
    expect(participant.statusCode).toBe(403);
    await createStaffUser(t.database.db, {
      username: 'badge-scanner',
      password: 'scanner-password-1',
      role: 'scanner',
      eventIds: [eventId],
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: 'badge-scanner', password: 'scanner-password-1' },
    });
    const scanner = await badges(query, (login.json() as { access: string }).access);
    expect(scanner.statusCode).toBe(403);
    expect(scanner.json().code).toBe('forbidden');
  });
});

/** A lossy WebP of a flat colour, made with the same WebAssembly codec package the API decodes with. */
async function webp(width: number, height: number): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@jsquash/webp/package.json'));
  const wasm = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<object> } })
    .WebAssembly;
  const module = await wasm.compile(readFileSync(path.join(dir, 'codec/enc/webp_enc_simd.wasm')));
  const { default: encode, init } = await import('@jsquash/webp/encode.js');
  const instantiateWasm = (imports: unknown, ready: (instance: unknown) => void) => {
    const Instance = (
      globalThis as unknown as {
        WebAssembly: { Instance: new (m: object, i: unknown) => { exports: unknown } };
      }
    ).WebAssembly.Instance;
    const instance = new Instance(module, imports);
    ready(instance);
    return instance.exports;
  };
  await init({ instantiateWasm } as Parameters<typeof init>[0]);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([30, 120, 200, 255], i);
  return Buffer.from(
    await encode({ data, width, height, colorSpace: 'srgb' } as Parameters<typeof encode>[0]),
  );
}
