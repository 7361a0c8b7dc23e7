import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  participantImportRows,
  participantImports,
  participants,
  uploadResults,
} from '../src/db/schema';
import { runHousekeeping } from '../src/jobs/housekeeping';
import { readUploadedSheet } from '../src/services/participants/bulk-upload/read-workbook';
import {
  lyingZipBomb,
  manyEntriesZip,
  multipart,
  otherEvent,
  readSheet,
  xlsFile,
  xlsxFile,
  zipBomb,
  type Cell,
} from './fixtures/spreadsheets';
import { openpyxlWorkbook } from './fixtures/other-readers';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let url: string;

const HEADER: Cell[] = ['full_name', 'email', 'username', 'phone', 'organization', 'job_title'];

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  url = `/api/events/${t.seed.event.id}/participants/bulk_upload/`;
});
afterAll(async () => {
  await t.close();
});

function upload(data: Buffer, filename: string, token = staff, target = url) {
  const body = multipart({ data, filename }, { event: String(t.seed.event.id) });
  return t.request({
    method: 'POST',
    url: target,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

async function snapshot() {
  const rows = await t.database.db.select().from(participants).orderBy(participants.id);
  const [audits] = await t.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, 'participant.bulk_upload'));
  return { rows, audits: audits?.n ?? 0 };
}

async function download(downloadUrl: string, token = staff) {
  return t.request({ method: 'GET', url: downloadUrl, headers: bearer(token) });
}

describe('bulk upload of an .xlsx file', () => {
  let result: Record<string, unknown>;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    before = await snapshot();
    const file = await xlsxFile([
      HEADER,
      ['Grace Mukamana', 'grace@example.org', '', 250788123456, 'RBC', 'Epidemiologist'],
      ['  Eric Nshuti  ', 'eric@example.org', 'eric.n', '', 'MoH', ''],
      // The seed's confirmed participant, e-mail in another case: updated, username and code kept.
      ['Amina U. Uwase', 'AMINA.UWASE@example.org', 'ignored.name', '', 'New "Org" {x}, \\', ''],
      ['', 'noname@example.org', '', '', '', ''],
      ['No Email', '', '', '', '', ''],
      ['Bad Email', 'not-an-email', '', '', '', ''],
      ['Grace Again', 'Grace@Example.org', '', '', '', ''],
      ['Taken Username', 'taken@example.org', 'jean.habimana', '', '', ''],
      [null, null, null, null, null, null],
      ['=HYPERLINK("http://evil")', 'formula@example.org', '', '', '', ''],
      ['Grace Namesake', 'grace@another.org', '', '', '', ''],
      // Quotes, backslashes, braces, commas and NULL travel as text through the batch statements.
      ['Jo "JJ" \\ {O\'Brien}, Jr.', 'tricky@example.org', '', '', 'NULL', '{a,b}'],
    ]);
    const res = await upload(file, 'participants.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    result = res.json();
  });

  it('reports created, updated and rejected rows with the spec message', () => {
    expect(result).toMatchObject({
      created: 5,
      updated: 1,
      errors: 5,
      total_rows: 11,
      message:
        'Bulk upload completed with some issues. Created: 5, Updated: 1, Errors: 5. See the downloaded file for details.',
    });
    expect(result.filename).toMatch(/^participants_results_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(result.error_details).toEqual([
      { row: 5, email: 'noname@example.org', message: 'Full name is required' },
      { row: 6, email: '', message: 'Email is required' },
      { row: 7, email: 'not-an-email', message: 'Please enter a valid email address' },
      {
        row: 8,
        email: 'Grace@Example.org',
        message: 'This email address appears more than once in the file (first on row 2).',
      },
      {
        row: 9,
        email: 'taken@example.org',
        message: 'A participant with this username already exists for this event.',
      },
    ]);
  });

  it('writes the participants: new ones with unique codes and usernames, existing ones updated', async () => {
    const after = await snapshot();
    expect(after.rows).toHaveLength(before.rows.length + 5);
    const byEmail = new Map(after.rows.map((p) => [p.email.toLowerCase(), p]));
    const grace = byEmail.get('grace@example.org');
    expect(grace).toMatchObject({ fullName: 'Grace Mukamana', username: 'grace', phone: '+250788123456' });
    expect(grace?.uniqueCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(byEmail.get('grace@another.org')?.username).toBe('grace2');
    expect(byEmail.get('eric@example.org')).toMatchObject({ fullName: 'Eric Nshuti', username: 'eric.n' });
    expect(byEmail.get('formula@example.org')?.fullName).toBe('=HYPERLINK("http://evil")');
    expect(byEmail.get('tricky@example.org')).toMatchObject({
      fullName: 'Jo "JJ" \\ {O\'Brien}, Jr.',
      organization: 'NULL',
      jobTitle: '{a,b}',
    });
    const amina = byEmail.get('amina.uwase@example.org');
    const aminaBefore = before.rows.find((p) => p.email === 'amina.uwase@example.org');
    expect(amina).toMatchObject({
      fullName: 'Amina U. Uwase',
      organization: 'New "Org" {x}, \\',
      // Blank cells never wipe what is there; username and unique code never change.
      phone: aminaBefore?.phone,
      jobTitle: aminaBefore?.jobTitle,
      username: aminaBefore?.username,
      uniqueCode: aminaBefore?.uniqueCode,
      confirmedAttendance: true,
    });
    expect(after.audits).toBe(before.audits + 1);
  });

  it('lets staff download the results spreadsheet: every row, its outcome, reason and unique code', async () => {
    const res = await download(String(result.download_url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${String(result.filename)}"`);
    const rows = readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      'row',
      'full_name',
      'email',
      'username',
      'phone',
      'organization',
      'job_title',
      'language',
      'status',
      'unique_code',
      'message',
    ]);
    expect(rows).toHaveLength(12);
    const all = await snapshot();
    const codeOf = (email: string) =>
      all.rows.find((p) => p.email.toLowerCase() === email.toLowerCase())?.uniqueCode;
    const summary = rows.slice(1).map((r) => [r[0], r[2], r[8], r[9], r[10]]);
    const amina = before.rows.find((p) => p.uniqueCode === 'ABCD2345');
    expect(summary).toEqual([
      [2, 'grace@example.org', 'Created', codeOf('grace@example.org'), ''],
      [3, 'eric@example.org', 'Created', codeOf('eric@example.org'), ''],
      // An updated row says what changed, old → new.
      [
        4,
        'AMINA.UWASE@example.org',
        'Updated',
        'ABCD2345',
        `full_name: ${amina?.fullName} → Amina U. Uwase; organization: ${amina?.organization} → New "Org" {x}, \\`,
      ],
      [5, 'noname@example.org', 'Error', '', 'Full name is required'],
      [6, '', 'Error', '', 'Email is required'],
      [7, 'not-an-email', 'Error', '', 'Please enter a valid email address'],
      [
        8,
        'Grace@Example.org',
        'Error',
        '',
        'This email address appears more than once in the file (first on row 2).',
      ],
      [
        9,
        'taken@example.org',
        'Error',
        '',
        'A participant with this username already exists for this event.',
      ],
      [11, 'formula@example.org', 'Created', codeOf('formula@example.org'), ''],
      [12, 'grace@another.org', 'Created', codeOf('grace@another.org'), ''],
      [13, 'tricky@example.org', 'Created', codeOf('tricky@example.org'), ''],
    ]);
    // A formula-looking name comes back as it was typed, in a text cell: never run as a formula,
    // and without an apostrophe that Excel and LibreOffice would show.
    expect(rows[9]?.[1]).toBe('=HYPERLINK("http://evil")');
    const [results] = openpyxlWorkbook(res.rawPayload);
    expect(results?.rows[9]?.[1]).toEqual({ type: 's', value: '=HYPERLINK("http://evil")' });
    expect(results?.rows.flat().filter((c) => c.type === 'f')).toEqual([]);
  });

  it('keeps the results file to staff of that event', async () => {
    const link = String(result.download_url);
    expect((await download(link, await t.participantToken(0))).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(401);
    const other = await otherEvent(t.database.db);
    const foreign = link.replace(`/events/${t.seed.event.id}/`, `/events/${other.eventId}/`);
    const res = await download(foreign);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('The results file was not found or has expired.');
    expect((await download(link.replace(/[a-f0-9]{32}/, 'f'.repeat(32)))).statusCode).toBe(404);
    expect((await download(link.replace(/[a-f0-9]{32}/, '..%2F..%2Fsecret_key'))).statusCode).toBe(404);
  });

  it('keeps the results file in the database for a day, for every process; housekeeping deletes it after', async () => {
    const link = String(result.download_url);
    const id = /([a-f0-9]{32})\/$/.exec(link)?.[1] ?? '';
    const [stored] = await t.database.db.select().from(uploadResults).where(eq(uploadResults.id, id));
    expect(stored?.eventId).toBe(t.seed.event.id);
    await t.database.db
      .update(uploadResults)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(uploadResults.id, id));
    expect((await download(link)).statusCode).toBe(404);
    await runHousekeeping({ db: t.database.db });
    expect(await t.database.db.select().from(uploadResults).where(eq(uploadResults.id, id))).toEqual([]);
  });

  it('is idempotent: the same file again creates nobody and changes nobody (nothing written)', async () => {
    const file = await xlsxFile([HEADER, ['Grace Mukamana', 'grace@example.org', '', '', '', '']]);
    const [grace] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, 'grace@example.org'));
    const res = await upload(file, 'again.xlsx');
    expect(res.json()).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1,
      skipped: 0,
      errors: 0,
      mode: 'create_and_update',
      message: 'Bulk upload successful. Created: 0, Updated: 0 participants.',
    });
    const [after] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, 'grace@example.org'));
    expect(after?.updatedAt).toEqual(grace?.updatedAt);
  });
});

describe('bulk upload of other real workbooks', () => {
  it('reads a legacy .xls (BIFF8) file', async () => {
    const file = xlsFile([
      ['Full Name', 'E-mail', 'Phone Number', 'Organisation', 'Job Title', 'Notes'],
      ['Legacy Person', 'legacy@example.org', '0788 000 111', 'Old Org', 'Clerk', 'ignored column'],
    ]);
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const res = await upload(file, 'old.XLS');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, updated: 0, errors: 0 });
    const [p] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, 'legacy@example.org'));
    expect(p).toMatchObject({
      fullName: 'Legacy Person',
      username: 'legacy',
      phone: '+250788000111',
      organization: 'Old Org',
      jobTitle: 'Clerk',
    });
  });

  it('takes IMPORT_CONCURRENCY uploads at once and refuses the rest with 503 and Retry-After', async () => {
    expect(t.config.importConcurrency).toBe(2);
    const files = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        xlsxFile([HEADER, [`Concurrent ${n}`, `concurrent${n}@example.org`, 'concurrent', '', '', '']]),
      ),
    );
    const before = await snapshot();
    const results = await Promise.all(files.map((f, i) => upload(f, `c${i}.xlsx`)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 503, 503]);
    for (const busy of results.slice(2)) {
      expect(busy.headers['retry-after']).toBe('10');
      expect(busy.json()).toEqual({
        detail: 'Other imports are running. Please try again in a few seconds.',
        code: 'busy',
      });
    }
    // The two taken both asked for the username "concurrent": exactly one got it (writes are
    // serialised per event); the refused ones changed nothing and go through when sent again.
    const taken = results.slice(0, 2).map((r) => r.json() as { created: number; errors: number });
    expect(taken.reduce((n, o) => n + o.created, 0)).toBe(1);
    expect((await snapshot()).rows.length).toBe(before.rows.length + 1);
    const again = await Promise.all(files.slice(2).map((f, i) => upload(f, `again${i}.xlsx`)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('refuses the upload for another event id or a missing event', async () => {
    const file = await xlsxFile([HEADER, ['X', 'x@example.org', '', '', '', '']]);
    const res = await upload(file, 'p.xlsx', staff, '/api/events/999999/participants/bulk_upload/');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Event not found');
    expect((await upload(file, 'p.xlsx', await t.participantToken(0))).statusCode).toBe(403);
  });
});

describe('files that are refused whole, in bounded time, changing nothing', () => {
  async function refused(data: Buffer, filename: string, detail: string | RegExp) {
    const before = await snapshot();
    const started = Date.now();
    const res = await upload(data, filename);
    const elapsed = Date.now() - started;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('bad_request');
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
    expect(elapsed).toBeLessThan(15_000);
    expect(await snapshot()).toEqual(before);
  }

  it('a zip bomb disguised as .xlsx (honest sizes: 200 MB of zeros)', async () => {
    const bomb = await zipBomb(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(
      bomb,
      'participants.xlsx',
      'The file is not a valid Excel workbook: its compressed contents are too large or have too many parts.',
    );
  });

  it('a zip bomb whose headers lie about its size', async () => {
    const bomb = await lyingZipBomb(150 * 1024 * 1024);
    await refused(
      bomb,
      'participants.xlsx',
      'The file is not a valid Excel workbook: its compressed contents are too large or have too many parts.',
    );
  });

  it('thousands of zip entries', async () => {
    await refused(
      await manyEntriesZip(5000),
      'participants.xlsx',
      'The file is not a valid Excel workbook: its compressed contents are too large or have too many parts.',
    );
  });

  it('__proto__ and constructor headers, without polluting any prototype', async () => {
    for (const header of ['__proto__', 'constructor', 'prototype', '__defineGetter__']) {
      const file = await xlsxFile([
        ['full_name', 'email', header],
        ['Proto Person', 'proto@example.org', '{"polluted": true}'],
      ]);
      await refused(file, 'p.xlsx', `The column header "${header}" is not allowed.`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a text file renamed .xls, an HTML table renamed .xls and a CSV renamed .xlsx', async () => {
    const text = Buffer.from('full_name,email\nText Person,text@example.org\n');
    await refused(text, 'participants.xls', 'The file is not a valid Excel workbook (.xlsx or .xls).');
    await refused(text, 'participants.xlsx', 'The file is not a valid Excel workbook (.xlsx or .xls).');
    const html = Buffer.from(
      '<table><tr><td>full_name</td><td>email</td></tr><tr><td>H</td><td>h@x.org</td></tr></table>',
    );
    await refused(html, 'participants.xls', 'The file is not a valid Excel workbook (.xlsx or .xls).');
  });

  it('a corrupt workbook (truncated .xlsx, random bytes after an OLE2 header)', async () => {
    const good = await xlsxFile([HEADER, ['A', 'a@example.org', '', '', '', '']]);
    await refused(
      good.subarray(0, good.length - 200),
      'p.xlsx',
      'The file is not a valid Excel workbook (.xlsx or .xls).',
    );
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 7)]);
    await refused(ole, 'p.xls', 'The file is not a valid Excel workbook (.xlsx or .xls).');
  });

  it('an oversized file (over 10 MB)', async () => {
    await refused(
      Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      'big.xlsx',
      'The file is too large. The maximum size is 10 MB.',
    );
  });

  it('another file type, a missing file and a missing header column', async () => {
    const good = await xlsxFile([HEADER, ['A', 'a@example.org', '', '', '', '']]);
    await refused(good, 'participants.csv', 'Only .xlsx and .xls files are accepted.');
    await refused(
      await xlsxFile([
        ['full_name', 'phone'],
        ['A', '1'],
      ]),
      'p.xlsx',
      'The first row must hold the column headers. Missing required columns: email.',
    );
    await refused(
      await xlsxFile([HEADER]),
      'p.xlsx',
      'The file has no participant rows below the header row.',
    );
    await refused(
      await xlsxFile([
        ['full_name', 'email', 'email'],
        ['A', 'a@example.org', 'b@example.org'],
      ]),
      'p.xlsx',
      'The column "email" appears more than once in the header row.',
    );

    const none = multipart(null, { note: 'no file' });
    const res = await t.request({
      method: 'POST',
      url,
      headers: { ...none.headers, ...bearer(staff) },
      payload: none.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Please select a file to upload');
    const json = await t.request({ method: 'POST', url, headers: bearer(staff), payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toBe('Please select a file to upload');
  });

  it('more rows than the limit (checked with a small limit)', async () => {
    const rows: Cell[][] = [HEADER];
    for (let i = 0; i < 12; i++) rows.push([`P ${i}`, `p${i}@example.org`, '', '', '', '']);
    const data = await xlsxFile(rows);
    const read = (maxRows: number) =>
      readUploadedSheet('p.xlsx', data, { maxRows, maxColumns: 50, maxMemoryMb: 256, timeoutMs: 20_000 });
    await expect(read(12)).resolves.toMatchObject({ rows: expect.any(Array) });
    await expect(read(11)).rejects.toMatchObject({
      status: 400,
      message: 'The file has more than 11 participant rows. Please split it into smaller files.',
    });
  });

  it('a workbook that exhausts the parser is stopped by the worker deadline', async () => {
    const data = await xlsxFile([HEADER, ['A', 'a@example.org', '', '', '', '']]);
    await expect(
      readUploadedSheet('p.xlsx', data, { maxRows: 10, maxColumns: 50, maxMemoryMb: 256, timeoutMs: 1 }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'The file is not a valid Excel workbook (.xlsx or .xls).',
    });
  });
});

describe('the real row limit', () => {
  it('refuses a file of 50,001 participant rows', { timeout: 120_000 }, async () => {
    const rows: Cell[][] = [HEADER];
    for (let i = 0; i < 50_001; i++) rows.push([`Bulk Person ${i}`, `bulk${i}@example.org`, '', '', '', '']);
    const over = await xlsxFile(rows);
    const before = await snapshot();
    const res = await upload(over, 'big.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'The file has more than 50,000 participant rows. Please split it into smaller files.',
    );
    expect(await snapshot()).toEqual(before);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(participants);
    expect(n?.n).toBe(before.rows.length);
  });
});

describe('an upload applied in short steps, one at a time per event', () => {
  const db = () => t.database.db;
  const sheetOf = (n: number, organization: string, prefix = 'steps') => {
    const rows: Cell[][] = [HEADER];
    for (let i = 0; i < n; i++) {
      rows.push([`Step Person ${i}`, `${prefix}${i}@example.org`, '', '', organization, '']);
    }
    return xlsxFile(rows);
  };
  const eventRows = async (eventId: number) =>
    db().select().from(participants).where(eq(participants.eventId, eventId)).orderBy(participants.id);

  it('two uploads of the same event at once: one creates, the other waits and updates', async () => {
    const { eventId } = await otherEvent(db());
    const target = `/api/events/${eventId}/participants/bulk_upload/`;
    // More rows than one staging chunk (1,000), so each upload takes several steps.
    const [first, second] = await Promise.all([sheetOf(2_500, 'First Org'), sheetOf(2_500, 'Second Org')]);
    const answers = await Promise.all([
      upload(first, 'first.xlsx', staff, target),
      upload(second, 'second.xlsx', staff, target),
    ]);
    const bodies = answers.map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json() as { created: number; updated: number; errors: number };
    });
    expect(bodies.map((b) => b.created).sort()).toEqual([0, 2_500]);
    expect(bodies.map((b) => b.updated).sort()).toEqual([0, 2_500]);
    const rows = (await eventRows(eventId)).filter((p) => p.email.startsWith('steps'));
    expect(rows).toHaveLength(2_500);
    expect(new Set(rows.map((p) => p.email)).size).toBe(2_500);
    // Whichever came second is what the participants now hold.
    const last = bodies[0]?.updated === 2_500 ? 'First Org' : 'Second Org';
    expect(new Set(rows.map((p) => p.organization))).toEqual(new Set([last]));
    const [left] = await db().select({ n: count() }).from(participantImports);
    expect(left?.n).toBe(0);
  });

  it('waits while another process applies a file to the event, then goes on', async () => {
    const { eventId } = await otherEvent(db());
    await db().insert(participantImports).values({ eventId, id: 'held-by-another-process' });
    let done = false;
    const pending = upload(
      await sheetOf(3, 'Waiting Org', 'wait'),
      'w.xlsx',
      staff,
      `/api/events/${eventId}/participants/bulk_upload/`,
    ).then((r) => {
      done = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(done).toBe(false);
    expect((await eventRows(eventId)).filter((p) => p.email.startsWith('wait'))).toHaveLength(0);
    await db().delete(participantImports).where(eq(participantImports.eventId, eventId));
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, updated: 0, errors: 0 });
  });

  it('after a crash, housekeeping discards a file still staging and finishes one being applied', async () => {
    const staging = await otherEvent(db());
    const publishing = await otherEvent(db());
    const [kept] = await eventRows(publishing.eventId);
    const [moved] = await db()
      .insert(participants)
      .values({
        eventId: publishing.eventId,
        username: 'moved',
        fullName: 'Moved Away',
        email: 'moved@example.org',
        uniqueCode: 'MOVD2345',
      })
      .returning();
    if (!kept || !moved) throw new Error('no participants');
    const old = sql`now() - interval '5 minutes'`;
    await db()
      .insert(participantImports)
      .values([
        { eventId: staging.eventId, id: 'crashed-staging', state: 'staging', heartbeatAt: old },
        { eventId: publishing.eventId, id: 'crashed-publishing', state: 'publishing', heartbeatAt: old },
      ]);
    const row = (importId: string, seq: number, p: Partial<typeof participantImportRows.$inferInsert>) => ({
      importId,
      seq,
      participantId: null,
      username: `crash${seq}`,
      fullName: `Crash Person ${seq}`,
      email: `crash${seq}@example.org`,
      phone: '',
      organization: 'Recovered Org',
      jobTitle: '',
      uniqueCode: `CRSH${2000 + seq}`,
      ...p,
    });
    await db()
      .insert(participantImportRows)
      .values([
        row('crashed-staging', 0, {}),
        row('crashed-publishing', 0, {}),
        row('crashed-publishing', 1, { participantId: kept.id, email: kept.email, username: kept.username }),
        // Its e-mail was changed since the file was planned: not applied.
        row('crashed-publishing', 2, { participantId: moved.id, email: 'before-the-move@example.org' }),
      ]);

    await runHousekeeping({ db: db() });

    expect((await eventRows(staging.eventId)).map((p) => p.email)).not.toContain('crash0@example.org');
    const after = await eventRows(publishing.eventId);
    expect(after.find((p) => p.email === 'crash0@example.org')).toMatchObject({
      organization: 'Recovered Org',
      uniqueCode: 'CRSH2000',
    });
    expect(after.find((p) => p.id === kept.id)?.organization).toBe('Recovered Org');
    expect(after.find((p) => p.id === moved.id)?.organization).toBe(moved.organization);
    const [imports] = await db().select({ n: count() }).from(participantImports);
    const [staged] = await db().select({ n: count() }).from(participantImportRows);
    expect([imports?.n, staged?.n]).toEqual([0, 0]);
  });
});
