import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  participantImportRows,
  participantImports,
  participants,
  uploadResults,
} from '../src/db/schema';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { multipart, otherEvent, readSheet, xlsFile, xlsxFile, type Cell } from './fixtures/spreadsheets';
import { openpyxlWorkbook } from './fixtures/other-readers';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let base: string;

const HEADER: Cell[] = ['full_name', 'email', 'username', 'phone', 'organization', 'job_title', 'language'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  base = `/api/events/${t.seed.event.id}/participants/bulk_upload/`;
});
afterAll(async () => {
  await t.close();
});

function post(url: string, data: Buffer, filename = 'participants.xlsx', token = staff) {
  const body = multipart({ data, filename });
  return t.request({
    method: 'POST',
    url,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}
const preview = (data: Buffer, filename?: string, token?: string) =>
  post(`${base}preview/`, data, filename, token);
const apply = (data: Buffer, query: string, filename?: string) => post(`${base}?${query}`, data, filename);

/** Everything an upload can write: participants, staging, results files and the audit trail. */
async function database() {
  const db = t.database.db;
  const rows = await db.select().from(participants).orderBy(participants.id);
  const [audits] = await db.select({ n: count() }).from(auditLog);
  const [results] = await db.select({ n: count() }).from(uploadResults);
  const [imports] = await db.select({ n: count() }).from(participantImports);
  const [staged] = await db.select({ n: count() }).from(participantImportRows);
  return { rows, audits: audits?.n, results: results?.n, imports: imports?.n, staged: staged?.n };
}

async function byEmail(email: string) {
  const [p] = await t.database.db
    .select()
    .from(participants)
    .where(sql`lower(${participants.email}) = ${email.toLowerCase()}`);
  return p;
}

// The seed holds Amina Uwase (+250788000001, District Hospital, Nurse) and Jean Habimana (Ministry
// of Health, Data Officer); another event holds outsider@example.org.
async function mixedFile(): Promise<Buffer> {
  return xlsxFile([
    HEADER,
    ['Grace Mukamana', 'grace@example.org', '', '+250788123456', 'RBC', 'Epidemiologist', ''],
    // Typed by hand as "Amina Uwase": the file has another spelling and organisation.
    ['Amina U. Uwase', 'AMINA.UWASE@example.org', '', '', 'Kigali Hospital', 'Nurse', 'fr'],
    // Same values as stored (blank cells keep what the participant has): no change.
    ['Jean Habimana', 'jean.habimana@example.org', '', '', '', '', ''],
    // Another event's participant: a new participant here, never shown as a change.
    ['Out Sider', 'outsider@example.org', '', '', 'Elsewhere', '', ''],
    ['', 'noname@example.org', '', '', '', '', ''],
    ['Bad Email', 'not-an-email', '', '', '', '', ''],
  ]);
}

describe('bulk upload preview', () => {
  let file: Buffer;
  let before: Awaited<ReturnType<typeof database>>;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    await otherEvent(t.database.db);
    file = await mixedFile();
    before = await database();
    const res = await preview(file);
    expect(res.statusCode, res.body).toBe(200);
    body = res.json();
  });

  it('counts the rows to create, the participants that would change, those unchanged and the errors', () => {
    expect(body).toMatchObject({ total_rows: 6, created: 2, updated: 1, unchanged: 1, errors: 2 });
    expect(body.fingerprint).toMatch(/^[a-f0-9]{64}$/);
  });

  it('lists each changed participant with its fields, old → new as the import would store them', async () => {
    const amina = await byEmail('amina.uwase@example.org');
    expect(body.changes).toEqual([
      {
        row: 3,
        participant_id: amina?.id,
        email: 'amina.uwase@example.org',
        full_name: 'Amina Uwase',
        fields: [
          { field: 'full_name', old: 'Amina Uwase', new: 'Amina U. Uwase' },
          { field: 'organization', old: 'District Hospital', new: 'Kigali Hospital' },
          { field: 'language', old: 'en', new: 'fr' },
        ],
      },
    ]);
  });

  it('lists the rows in error with the messages of the upload', () => {
    expect(body.error_details).toEqual([
      { row: 6, email: 'noname@example.org', message: 'Full name is required' },
      { row: 7, email: 'not-an-email', message: 'Please enter a valid email address' },
    ]);
  });

  it('writes nothing: a preview then Cancel leaves the database as it was', async () => {
    expect(await database()).toEqual(before);
  });

  it('reads a legacy .xls the same way', async () => {
    const res = await preview(
      xlsFile([HEADER, ['Amina Uwase', 'amina.uwase@example.org', '', '', 'Kigali Hospital', '', '']]),
      'participants.xls',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0, errors: 0 });
    expect(res.json().changes[0].fields).toEqual([
      { field: 'organization', old: 'District Hospital', new: 'Kigali Hospital' },
    ]);
  });

  it('refuses what the upload refuses: a missing file, another type, a missing header', async () => {
    const none = await t.request({
      method: 'POST',
      url: `${base}preview/`,
      headers: { ...multipart(null).headers, ...bearer(staff) },
      payload: multipart(null).payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Please select a file to upload');
    const csv = await preview(Buffer.from('full_name,email\nA,a@example.org\n'), 'p.csv');
    expect(csv.json().detail).toBe('Only .xlsx and .xls files are accepted.');
    const missing = await preview(await xlsxFile([['full_name'], ['A']]));
    expect(missing.json().detail).toBe(
      'The first row must hold the column headers. Missing required columns: email.',
    );
    expect(await database()).toEqual(before);
  });
});

describe('choosing after the preview', () => {
  it('create only: new participants are created, existing ones are left as they are', async () => {
    const file = await mixedFile();
    const amina = await byEmail('amina.uwase@example.org');
    const { fingerprint } = (await preview(file)).json() as { fingerprint: string };
    const res = await apply(file, `mode=create_only&fingerprint=${fingerprint}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      created: 2,
      updated: 0,
      skipped: 1,
      unchanged: 1,
      errors: 2,
      mode: 'create_only',
      message:
        'Bulk upload completed with some issues. Created: 2, Updated: 0, Errors: 2. See the downloaded file for details.',
    });
    expect(await byEmail('amina.uwase@example.org')).toEqual(amina);
    expect(await byEmail('grace@example.org')).toMatchObject({
      fullName: 'Grace Mukamana',
      phone: '+250788123456',
      organization: 'RBC',
    });
    // The results file says the row was skipped and what it would have changed.
    const results = await t.request({
      method: 'GET',
      url: String(res.json().download_url),
      headers: bearer(staff),
    });
    const rows = readSheet(results.rawPayload);
    expect(rows[2]?.slice(8)).toEqual([
      'Skipped',
      'ABCD2345',
      'full_name: Amina Uwase → Amina U. Uwase; organization: District Hospital → Kigali Hospital; language: en → fr',
    ]);
    expect(rows[3]?.[8]).toBe('Unchanged');
  });

  it('create and update: the changes of the preview are applied, nothing else', async () => {
    const file = await xlsxFile([
      HEADER,
      ['Amina U. Uwase', 'amina.uwase@example.org', '', '', 'Kigali Hospital', '', ''],
      ['Jean Habimana', 'jean.habimana@example.org', '', '', '', '', ''],
      ['Claude Habyarimana', 'claude@example.org', '', '', '', '', ''],
    ]);
    const jean = await byEmail('jean.habimana@example.org');
    const shown = (await preview(file)).json() as { fingerprint: string; created: number; updated: number };
    expect(shown).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    const res = await apply(file, `mode=create_and_update&fingerprint=${shown.fingerprint}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, updated: 1, unchanged: 1, skipped: 0, errors: 0 });
    expect(await byEmail('amina.uwase@example.org')).toMatchObject({
      fullName: 'Amina U. Uwase',
      organization: 'Kigali Hospital',
      jobTitle: 'Nurse',
      phone: '+250788000001',
      uniqueCode: 'ABCD2345',
    });
    // Unchanged: not even touched.
    expect(await byEmail('jean.habimana@example.org')).toEqual(jean);
    expect(await byEmail('claude@example.org')).toBeDefined();
  });

  it('refuses with 409 and writes nothing when the participants changed since the preview', async () => {
    const file = await xlsxFile([
      HEADER,
      ['Jean B. Habimana', 'jean.habimana@example.org', '', '', '', '', ''],
      ['Diane Ingabire', 'diane@example.org', '', '', '', '', ''],
    ]);
    const { fingerprint } = (await preview(file)).json() as { fingerprint: string };
    // Meanwhile staff correct the name by hand.
    await t.database.db
      .update(participants)
      .set({ fullName: 'Jean-Baptiste Habimana' })
      .where(eq(participants.email, 'jean.habimana@example.org'));
    const before = await database();
    const res = await apply(file, `mode=create_and_update&fingerprint=${fingerprint}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'preview_stale',
      detail:
        'The participants or the file changed since the preview. Check the new preview and choose again.',
    });
    expect(await database()).toEqual(before);
    // A fresh preview shows the name as it is now.
    const again = (await preview(file)).json() as { changes: { fields: unknown[] }[] };
    expect(again.changes[0]?.fields).toEqual([
      { field: 'full_name', old: 'Jean-Baptiste Habimana', new: 'Jean B. Habimana' },
    ]);
  });

  it('refuses with 409 another file than the one previewed', async () => {
    const { fingerprint } = (
      await preview(await xlsxFile([HEADER, ['Eve One', 'eve@example.org', '', '', '', '', '']]))
    ).json() as { fingerprint: string };
    const other = await xlsxFile([HEADER, ['Eve Two', 'eve@example.org', '', '', '', '', '']]);
    const res = await apply(other, `mode=create_only&fingerprint=${fingerprint}`);
    expect(res.statusCode).toBe(409);
    expect(await byEmail('eve@example.org')).toBeUndefined();
  });

  it('refuses an unknown mode or a malformed fingerprint before reading the file', async () => {
    const file = await xlsxFile([HEADER, ['Eve One', 'eve@example.org', '', '', '', '', '']]);
    expect((await apply(file, 'mode=overwrite')).statusCode).toBe(400);
    expect((await apply(file, 'mode=create_only&fingerprint=abc')).statusCode).toBe(400);
    expect(await byEmail('eve@example.org')).toBeUndefined();
  });
});

describe('a large preview stays bounded', () => {
  it('lists the first 200 changed participants and counts them all', { timeout: 60_000 }, async () => {
    const n = 260;
    const people = Array.from({ length: n }, (_, i) => [`Person ${i}`, `p${i}@big.example.org`]);
    const created = await apply(
      await xlsxFile([
        HEADER,
        ...people.map(([name, email]) => [name ?? '', email ?? '', '', '', '', '', '']),
      ]),
      'mode=create_only',
    );
    expect(created.json()).toMatchObject({ created: n });
    const renamed = await xlsxFile([
      HEADER,
      ...people.map(([name, email]) => [`${name} Renamed`, email ?? '', '', '', '', '', '']),
      ...Array.from({ length: 150 }, (_, i) => [`Bad ${i}`, `bad${i}`, '', '', '', '', '']),
    ]);
    const res = await preview(renamed);
    const body = res.json() as {
      updated: number;
      errors: number;
      changes: unknown[];
      error_details: unknown[];
    };
    expect(body.updated).toBe(n);
    expect(body.errors).toBe(150);
    expect(body.changes).toHaveLength(200);
    expect(body.error_details).toHaveLength(100);
    expect(res.rawPayload.length).toBeLessThan(100_000);
  });
});

describe('the Bulk Upload template', () => {
  const templateUrl = () => `${base}template/`;

  it('downloads as .xlsx with the headers, one example row and a notes sheet, read by openpyxl', async () => {
    const res = await t.request({ method: 'GET', url: templateUrl(), headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="participants_template.xlsx"');
    const [participantsSheet, notes, ...more] = openpyxlWorkbook(res.rawPayload);
    expect(more).toEqual([]);
    expect(participantsSheet?.title).toBe('Participants');
    const values = participantsSheet?.rows.map((r) => r.map((c) => c.value ?? ''));
    expect(values).toEqual([
      ['full_name', 'email', 'username', 'phone', 'organization', 'job_title', 'language'],
      ['Jane Wanjiru', 'jane.wanjiru@example.org', '', '+254712345678', 'Ministry of Health', 'Nurse', 'en'],
    ]);
    // Text cells: the phone keeps its +, nothing is a formula.
    expect(participantsSheet?.rows[1]?.[3]).toEqual({ type: 's', value: '+254712345678' });
    expect(notes?.title).toBe('Notes');
    const noteRows = notes?.rows.map((r) => r.map((c) => c.value ?? '')) ?? [];
    expect(noteRows[0]).toEqual(['Column', 'Required', 'Notes']);
    expect(noteRows.slice(1, 8).map((r) => [r[0], r[1]])).toEqual([
      ['full_name', 'Yes'],
      ['email', 'Yes'],
      ['username', 'No'],
      ['phone', 'No'],
      ['organization', 'No'],
      ['job_title', 'No'],
      ['language', 'No'],
    ]);
    expect(String(noteRows[4]?.[2])).toContain('local format (0712 345 678)');
    expect(noteRows.flat().join(' ')).toContain('up to 10 MB and 50,000 rows');
  });

  it('writes its notes in the language asked for', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${templateUrl()}?language=fr`,
      headers: bearer(staff),
    });
    const [first, notes] = openpyxlWorkbook(res.rawPayload);
    expect(first?.rows[0]?.[0]?.value).toBe('full_name');
    expect(notes?.rows[0]?.map((c) => c.value)).toEqual(['Colonne', 'Obligatoire', 'Remarques']);
    const sw = await t.request({
      method: 'GET',
      url: templateUrl(),
      headers: { ...bearer(staff), 'accept-language': 'sw' },
    });
    expect(openpyxlWorkbook(sw.rawPayload)[1]?.title).toBe('Maelezo');
  });

  it('imports back cleanly: one participant created, no errors', async () => {
    const template = await t.request({ method: 'GET', url: templateUrl(), headers: bearer(staff) });
    const shown = (await preview(template.rawPayload, 'participants_template.xlsx')).json();
    expect(shown).toMatchObject({ total_rows: 1, created: 1, updated: 0, errors: 0, error_details: [] });
    const res = await apply(template.rawPayload, `mode=create_only&fingerprint=${shown.fingerprint}`);
    expect(res.json()).toMatchObject({ created: 1, errors: 0 });
    expect(await byEmail('jane.wanjiru@example.org')).toMatchObject({
      fullName: 'Jane Wanjiru',
      phone: '+254712345678',
      organization: 'Ministry of Health',
      jobTitle: 'Nurse',
      language: 'en',
      username: 'jane.wanjiru',
    });
  });
});

describe('who may preview, import and get the template', () => {
  it('refuses participants, scanners and the unauthenticated; another event id is 404', async () => {
    await createStaffUser(t.database.db, {
      username: 'door',
      password: 'door-password-1',
      role: 'scanner',
      eventIds: [t.seed.event.id],
    });
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: 'door', password: 'door-password-1' },
    });
    const scanner = (login.json() as { access: string }).access;
    const participant = await t.participantToken(0);
    const file = await xlsxFile([HEADER, ['Zed Zulu', 'zed@example.org', '', '', '', '', '']]);
    const before = await database();
    for (const token of [scanner, participant]) {
      expect((await preview(file, 'p.xlsx', token)).statusCode).toBe(403);
      expect((await post(base, file, 'p.xlsx', token)).statusCode).toBe(403);
      const template = await t.request({ method: 'GET', url: `${base}template/`, headers: bearer(token) });
      expect(template.statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: `${base}template/` })).statusCode).toBe(401);
    const unauthenticated = multipart({ data: file, filename: 'p.xlsx' });
    const anonymous = await t.request({
      method: 'POST',
      url: `${base}preview/`,
      headers: unauthenticated.headers,
      payload: unauthenticated.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = '/api/events/999999/participants/bulk_upload/';
    expect((await post(`${missing}preview/`, file)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `${missing}template/`, headers: bearer(staff) })).statusCode,
    ).toBe(404);
    expect(await database()).toEqual(before);
  });
});
