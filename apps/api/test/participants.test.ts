import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importQrSigningKey, signQrCredential, verifyQrCredential } from '@attend/shared';
import { auditLog, events, participants } from '../src/db/schema';
import { openQrPrivateKey, qrSealKey } from '../src/services/qr/key-seal';
import { renderQrPng } from '../src/services/qr/qr-png';
import { refreshSearchIndexes } from '../src/services/participants/maintenance';
import { UsernameAllocator } from '../src/services/participants/usernames';
import { otherEvent } from './fixtures/spreadsheets';
import { bearer, createTestApp, SECRET, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventId: number;
let base: string;
let other: { eventId: number; participantId: number };

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventId = t.seed.event.id;
  base = `/api/events/${eventId}/participants/`;
  other = await otherEvent(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = staff) => t.request({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: unknown, token = staff) =>
  t.request({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });
const patch = (url: string, payload: unknown, token = staff) =>
  t.request({ method: 'PATCH', url, headers: bearer(token), payload: payload as Record<string, unknown> });

describe('Add Participant', () => {
  it('creates a participant with a unique code, derived username and the spec message', async () => {
    const res = await post(base, {
      full_name: '  Claudine Ingabire ',
      email: ' claudine@example.org ',
      phone: ' +250 788 111 222 ',
      organization: 'RBC',
      job_title: 'Analyst',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      event: eventId,
      username: 'claudine',
      full_name: 'Claudine Ingabire',
      email: 'claudine@example.org',
      phone: '+250788111222',
      organization: 'RBC',
      job_title: 'Analyst',
      confirmed_attendance: false,
      confirmed_at: null,
      notification_sent: false,
      notification_sent_at: null,
      qr_code_url: null,
    });
    expect(body.unique_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(body.data).toEqual({ unique_code: body.unique_code });
    expect(body.message).toBe(`Participant created successfully. Their unique code is: ${body.unique_code}`);
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'event',
        'username',
        'full_name',
        'email',
        'phone',
        'phone_invalid',
        'organization',
        'job_title',
        'language',
        'unique_code',
        'confirmed_attendance',
        'confirmed_at',
        'notification_sent',
        'notification_sent_at',
        'notification_status',
        'qr_code_url',
        'created_at',
        'updated_at',
        'message',
        'data',
      ].sort(),
    );
  });

  it('makes the derived username unique within the event', async () => {
    const a = await post(base, { full_name: 'Claudine Two', email: 'Claudine@other.org' });
    const b = await post(base, { full_name: 'Claudine Three', email: 'claudine@third.org' });
    expect(a.json().username).toBe('claudine2');
    expect(b.json().username).toBe('claudine3');
    const explicit = await post(base, {
      full_name: 'Named',
      email: 'named@example.org',
      username: 'Chosen.Name',
    });
    expect(explicit.json().username).toBe('Chosen.Name');
  });

  it('derives again when a concurrent add took the derived username first', async () => {
    // Simulates the race: the first derivation returns a name another request has just inserted.
    const derive = vi.spyOn(UsernameAllocator.prototype, 'derive').mockReturnValueOnce('amina.uwase');
    try {
      const res = await post(base, { full_name: 'Amina Twin', email: 'amina.uwase@twin.org' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().username).toBe('amina.uwase2');
      expect(derive).toHaveBeenCalledTimes(2);
    } finally {
      derive.mockRestore();
    }
  });

  it('refuses a duplicate e-mail or username with the messages of document 2 §8', async () => {
    const email = await post(base, { full_name: 'Dup', email: 'CLAUDINE@example.org' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({
      detail: 'A participant with this email address already exists for this event.',
      code: 'validation_error',
      errors: { email: ['A participant with this email address already exists for this event.'] },
    });
    const username = await post(base, {
      full_name: 'Dup',
      email: 'dup@example.org',
      username: 'CHOSEN.name',
    });
    expect(username.statusCode).toBe(400);
    expect(username.json().detail).toBe('A participant with this username already exists for this event.');
    expect(username.json().errors).toEqual({
      username: ['A participant with this username already exists for this event.'],
    });
  });

  it('allows the same e-mail in another event', async () => {
    const res = await post(`/api/events/${other.eventId}/participants/`, {
      full_name: 'Claudine Elsewhere',
      email: 'claudine@example.org',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('claudine');
  });

  it('validates with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'x@example.org' }, 'Full name is required'],
      [{ full_name: '   ', email: 'x@example.org' }, 'Full name is required'],
      [{ full_name: 'X' }, 'Email is required'],
      [{ full_name: 'X', email: '  ' }, 'Email is required'],
      [{ full_name: 'X', email: 'not an email' }, 'Please enter a valid email address'],
      [{ full_name: 'X', email: 'x@nodot' }, 'Please enter a valid email address'],
      [
        { full_name: 'X', email: 'x@example.org', username: 'has space' },
        'Usernames may contain only letters, digits and @ . + - _',
      ],
      [
        { full_name: 'X'.repeat(201), email: 'x@example.org' },
        'Ensure this field has no more than 200 characters.',
      ],
    ];
    for (const [payload, detail] of cases) {
      const res = await post(base, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
  });

  it('answers 404 for an event that does not exist', async () => {
    const res = await post('/api/events/999999/participants/', { full_name: 'X', email: 'x@example.org' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Event not found');
  });
});

describe('participant detail, edit and delete', () => {
  let id: number;
  let code: string;
  beforeAll(async () => {
    const res = await post(base, {
      full_name: 'Edit Me',
      email: 'edit.me@example.org',
      phone: '0788 111 333',
    });
    id = res.json().id;
    code = res.json().unique_code;
  });

  it('reads a participant of the event, 404 for one of another event', async () => {
    const res = await get(`${base}${id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, email: 'edit.me@example.org', unique_code: code, event: eventId });
    const foreign = await get(`${base}${other.participantId}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Participant not found.');
    expect((await get(`/api/events/999999/participants/${id}/`)).json().detail).toBe('Event not found');
    expect((await get(`${base}abc/`)).statusCode).toBe(400);
  });

  it('edits the editable fields, trimmed; username and unique code are preserved', async () => {
    const res = await patch(`${base}${id}/`, {
      full_name: '  Edited Name ',
      email: ' edited@example.org ',
      phone: '',
      organization: ' Org ',
      job_title: null,
      username: 'EDIT.ME',
      unique_code: code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      full_name: 'Edited Name',
      email: 'edited@example.org',
      phone: '',
      organization: 'Org',
      job_title: '',
      username: 'edit.me',
      unique_code: code,
    });
  });

  it('refuses to change the username or unique code', async () => {
    for (const payload of [{ username: 'someone.else' }, { unique_code: 'ZZZZ2222' }]) {
      const res = await patch(`${base}${id}/`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Username and unique code are protected and cannot be changed.');
    }
    const [row] = await t.database.db.select().from(participants).where(eq(participants.id, id));
    expect(row).toMatchObject({ username: 'edit.me', uniqueCode: code });
  });

  it('refuses an invalid or taken e-mail', async () => {
    const invalid = await patch(`${base}${id}/`, { email: 'nope' });
    expect(invalid.json().detail).toBe('Please enter a valid email address');
    const blank = await patch(`${base}${id}/`, { full_name: ' ' });
    expect(blank.json().detail).toBe('Full name is required');
    const taken = await patch(`${base}${id}/`, { email: 'Amina.Uwase@example.org' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().detail).toBe('A participant with this email address already exists for this event.');
    expect((await patch(`${base}${id}/`, { username: null, unique_code: null })).statusCode).toBe(200);
    // Changing only the case of one's own address is fine.
    const own = await patch(`${base}${id}/`, { email: 'EDITED@example.org' });
    expect(own.statusCode).toBe(200);
  });

  it('cannot edit or delete a participant of another event through this event', async () => {
    expect((await patch(`${base}${other.participantId}/`, { full_name: 'Hijack' })).statusCode).toBe(404);
    const del = await t.request({
      method: 'DELETE',
      url: `${base}${other.participantId}/`,
      headers: bearer(staff),
    });
    expect(del.statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, other.participantId));
    expect(row?.fullName).toBe('Out Sider');
  });

  it('deletes a participant and records who did it', async () => {
    const res = await t.request({ method: 'DELETE', url: `${base}${id}/`, headers: bearer(staff) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(`${base}${id}/`)).statusCode).toBe(404);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'participant.delete'));
    expect(audits.map((a) => a.targetId)).toContain(id);
  });
});

describe('participant list, search, filters, ordering and stats', () => {
  let listEventId: number;
  let url: string;
  beforeAll(async () => {
    const [event] = await t.database.db
      .insert(events)
      .values({
        name: 'List Event',
        startDate: new Date(),
        endDate: new Date(Date.now() + 3600_000),
        eventCode: 'LIST22',
      })
      .returning();
    listEventId = event?.id ?? 0;
    url = `/api/events/${listEventId}/participants/`;
    const people = [
      ['Zoë Umutoni', 'zoe@health.org', '+250788000100', 'Health 100% Org', true, true],
      ['adam Kalisa', 'adam@edu.org', '0788 222', 'Education_Board', false, true],
      ['Béatrice Mukamana', 'bea@HEALTH.org', '', 'Ministry', true, false],
      ['Charles Mugisha', 'charles@farm.org', '+250 733', 'Farmers', false, false],
    ] as const;
    let i = 0;
    for (const [fullName, email, phone, organization, confirmed, notified] of people) {
      await t.database.db.insert(participants).values({
        eventId: listEventId,
        username: `u${i}`,
        fullName,
        email,
        phone,
        organization,
        uniqueCode: `CODE${2222 + i++}`,
        confirmedAttendance: confirmed,
        confirmedAt: confirmed ? new Date() : null,
        notificationSent: notified,
        notificationSentAt: notified ? new Date() : null,
      });
    }
  });

  const names = (body: { results: { full_name: string }[] }) => body.results.map((r) => r.full_name);

  it('lists the event only, paged, ordered by name by default', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 4, next: null, previous: null });
    // In the collation people read, not the database's byte order (which put 'adam' after 'Zoë').
    expect(names(body)).toEqual(['adam Kalisa', 'Béatrice Mukamana', 'Charles Mugisha', 'Zoë Umutoni']);
    const confirmed = body.results.find((r: { full_name: string }) => r.full_name === 'Zoë Umutoni');
    expect(confirmed.qr_code_url).toMatch(/^http:\/\/attend\.test\/api\/qr\/\d+\.png\?exp=\d+&sig=[\w-]+$/);
    expect(
      body.results.find((r: { full_name: string }) => r.full_name === 'adam Kalisa').qr_code_url,
    ).toBeNull();
  });

  it('pages with next and previous links that keep the query', async () => {
    const first = (await get(`${url}?page_size=3&ordering=-full_name&t=123`)).json();
    expect(names(first)).toEqual(['Zoë Umutoni', 'Charles Mugisha', 'Béatrice Mukamana']);
    expect(first.next).toBe(`${url}?page_size=3&ordering=-full_name&t=123&page=2`);
    expect(first.previous).toBeNull();
    const second = (await get(first.next)).json();
    expect(names(second)).toEqual(['adam Kalisa']);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`${url}?page_size=3&ordering=-full_name&t=123&page=1`);
    const beyond = (await get(`${url}?page=9`)).json();
    expect(beyond).toMatchObject({ count: 4, results: [], next: null });
    // A search past its last page still counts its matches.
    const searchBeyond = (await get(`${url}?search=health&page=5&page_size=1`)).json();
    expect(searchBeyond).toMatchObject({ count: 2, results: [], next: null });
    expect(searchBeyond.previous).toBe(`${url}?search=health&page=2&page_size=1`);
  });

  it('caps the page size at 500 and validates the query', async () => {
    expect((await get(`${url}?page_size=100000`)).statusCode).toBe(200);
    const bad = await get(`${url}?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('page must be 1 or more');
    expect((await get(`${url}?ordering=password`)).statusCode).toBe(400);
    expect((await get(`${url}?confirmed=maybe`)).json().detail).toBe('Use true or false.');
  });

  it('searches name, e-mail, phone and organisation, case-insensitively', async () => {
    const search = async (q: string) => names((await get(`${url}?search=${encodeURIComponent(q)}`)).json());
    expect(await search('ZOË')).toEqual(['Zoë Umutoni']);
    expect(await search('health.org')).toEqual(['Béatrice Mukamana', 'Zoë Umutoni']);
    expect(await search('0788')).toEqual(['adam Kalisa', 'Zoë Umutoni']);
    expect(await search('ministry')).toEqual(['Béatrice Mukamana']);
    // LIKE wildcards are taken literally.
    expect(await search('100%')).toEqual(['Zoë Umutoni']);
    expect(await search('_')).toEqual(['adam Kalisa']);
    expect(await search('%')).toEqual(['Zoë Umutoni']);
    expect(await search('nobody')).toEqual([]);
    // Another event's people never show up.
    expect(await search('Amina')).toEqual([]);
  });

  it('keeps answering the same after the search indexes are refreshed (bulk-write maintenance)', async () => {
    await refreshSearchIndexes(t.database.db);
    expect(names((await get(`${url}?search=health.org`)).json())).toEqual([
      'Béatrice Mukamana',
      'Zoë Umutoni',
    ]);
  });

  it('filters by confirmation and notification', async () => {
    expect(names((await get(`${url}?confirmed=true`)).json())).toEqual(['Béatrice Mukamana', 'Zoë Umutoni']);
    expect(names((await get(`${url}?confirmed=false&notification_sent=true`)).json())).toEqual([
      'adam Kalisa',
    ]);
    expect(names((await get(`${url}?notification_sent=0`)).json())).toEqual([
      'Béatrice Mukamana',
      'Charles Mugisha',
    ]);
  });

  it('orders by the allowed fields in both directions', async () => {
    expect(names((await get(`${url}?ordering=email`)).json())).toEqual([
      'adam Kalisa',
      'Béatrice Mukamana',
      'Charles Mugisha',
      'Zoë Umutoni',
    ]);
    const byId = (await get(`${url}?ordering=-id`)).json().results.map((r: { id: number }) => r.id);
    expect(byId).toEqual([...byId].sort((a: number, b: number) => b - a));
  });

  it('gives every matching id for the selection helpers', async () => {
    const res = (await get(`${url}ids/?confirmed=false`)).json();
    expect(res.count).toBe(2);
    const all = (await get(`${url}ids/`)).json();
    expect(all.count).toBe(4);
    expect(res.ids.every((id: number) => all.ids.includes(id))).toBe(true);
  });

  it('counts total, confirmed, pending and notified', async () => {
    expect((await get(`${url}stats/`)).json()).toEqual({
      total: 4,
      confirmed: 2,
      pending: 2,
      notification_sent: 2,
    });
    expect((await get('/api/events/999999/participants/stats/')).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    const token = await t.participantToken(0);
    for (const path of [
      url,
      `${url}stats/`,
      `${url}ids/`,
      `${url}export/`,
      `${base}${t.seed.participants[0]?.id}/`,
    ]) {
      expect((await get(path, token)).statusCode, path).toBe(403);
      expect((await t.request({ method: 'GET', url: path })).statusCode, path).toBe(401);
    }
    expect((await post(base, { full_name: 'X', email: 'x@example.org' }, token)).statusCode).toBe(403);
  });
});

type ZipEntries = Map<string, Buffer>;

function unzip(data: Buffer): Promise<ZipEntries> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries: ZipEntries = new Map();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A small RFC 4180 reader for checking the export (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('export', () => {
  let exportEventId: number;
  beforeAll(async () => {
    const [event] = await t.database.db
      .insert(events)
      .values({
        name: 'Export Event',
        startDate: new Date(),
        endDate: new Date(Date.now() + 3600_000),
        eventCode: 'EXPO22',
      })
      .returning();
    exportEventId = event?.id ?? 0;
    const rows = [
      ['=1+1', 'formula@example.org', '+250788000001', '@SUM(A1)', true],
      ['-2+3', 'minus@example.org', '\t0788', '\rcarriage', true],
      ['Jean "Jo" Habimana, Jr.', 'quote@example.org', '', 'Line\nbreak', false],
      ['Renée Ñúñez/../x', 'accent@example.org', '', '', true],
    ] as const;
    let i = 0;
    for (const [fullName, email, phone, organization, confirmed] of rows) {
      await t.database.db.insert(participants).values({
        eventId: exportEventId,
        username: `x${i}`,
        fullName,
        email,
        phone,
        organization,
        jobTitle: i === 0 ? '+cmd|calc' : '',
        uniqueCode: `EXPT${3333 + i++}`,
        confirmedAttendance: confirmed,
        confirmedAt: confirmed ? new Date() : null,
      });
    }
  });

  it('streams participants_export.zip with a CSV of every field and a QR per confirmed participant', async () => {
    const res = await get(`/api/events/${exportEventId}/participants/export/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="participants_export.zip"');
    expect(res.headers['content-length']).toBeUndefined();
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual([
      'participants.csv',
      'qr/1_1-EXPT3333.png',
      'qr/2_3-EXPT3334.png',
      'qr/Renee_Nunez_x-EXPT3336.png',
    ]);
    const csv = entries.get('participants.csv')?.toString('utf8') ?? '';
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual([
      'id',
      'event',
      'username',
      'full_name',
      'email',
      'phone',
      'organization',
      'job_title',
      'unique_code',
      'confirmed_attendance',
      'confirmed_at (UTC)',
      'notification_sent',
      'notification_sent_at (UTC)',
      'qr_code_url',
      'qr_code_file',
      'created_at (UTC)',
      'updated_at (UTC)',
    ]);
    expect(rows).toHaveLength(5);
    const byEmail = new Map(rows.slice(1).map((r) => [r[4], r]));
    // Cells starting with = + - @ tab or CR are neutralised with a leading quote.
    expect(byEmail.get('formula@example.org')?.slice(3, 8)).toEqual([
      "'=1+1",
      'formula@example.org',
      "'+250788000001",
      "'@SUM(A1)",
      "'+cmd|calc",
    ]);
    expect(byEmail.get('minus@example.org')?.slice(3, 7)).toEqual([
      "'-2+3",
      'minus@example.org',
      "'\t0788",
      "'\rcarriage",
    ]);
    const quoted = byEmail.get('quote@example.org');
    expect(quoted?.[3]).toBe('Jean "Jo" Habimana, Jr.');
    expect(quoted?.[6]).toBe('Line\nbreak');
    expect(quoted?.slice(9, 11)).toEqual(['false', '']);
    expect(quoted?.[13]).toBe('');
    const formula = byEmail.get('formula@example.org');
    expect(formula?.[9]).toBe('true');
    expect(formula?.[13]).toMatch(/^http:\/\/attend\.test\/api\/qr\/\d+\.png\?exp=/);
    expect(formula?.[14]).toBe('qr/1_1-EXPT3333.png');
    // Raw text of the CSV: every field that needs quoting is quoted (RFC 4180).
    expect(csv).toContain('"Jean ""Jo"" Habimana, Jr."');
  });

  it('draws QR codes that carry credentials signed with the event key', async () => {
    const res = await get(`/api/events/${exportEventId}/participants/export/`);
    const entries = await unzip(res.rawPayload);
    const [event] = await t.database.db.select().from(events).where(eq(events.id, exportEventId));
    expect(event?.qrPublicKey).toBeTruthy();
    expect(event?.qrPrivateKey).toBeTruthy();
    const key = await importQrSigningKey(
      openQrPrivateKey(qrSealKey(SECRET), exportEventId, event?.qrPrivateKey ?? ''),
    );
    const [formula] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, 'formula@example.org'));
    const credential = await signQrCredential(key, {
      eventId: exportEventId,
      participantId: formula?.id ?? 0,
    });
    expect(await verifyQrCredential(event?.qrPublicKey ?? '', credential)).toEqual({
      eventId: exportEventId,
      participantId: formula?.id,
    });
    // Rendering is deterministic, so the PNG in the zip is the image of exactly this credential.
    expect(entries.get('qr/1_1-EXPT3333.png')?.equals(renderQrPng(credential))).toBe(true);
    expect(entries.get('qr/1_1-EXPT3333.png')?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('exports the filtered selection and nothing of other events', async () => {
    const res = await get(`/api/events/${exportEventId}/participants/export/?confirmed=false`);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['participants.csv']);
    const rows = parseCsv((entries.get('participants.csv')?.toString('utf8') ?? '').slice(1));
    expect(rows.map((r) => r[4])).toEqual(['email', 'quote@example.org']);
    expect((await get('/api/events/999999/participants/export/')).statusCode).toBe(404);
  });

  it("writes times as the event's wall-clock time and names its zone in the column titles", async () => {
    const [event] = await t.database.db
      .insert(events)
      .values({
        name: 'Nairobi Export',
        startDate: new Date('2030-11-27T05:00:00Z'),
        endDate: new Date('2030-11-28T15:00:00Z'),
        eventCode: 'NBO222',
        timeZone: 'Africa/Nairobi',
      })
      .returning();
    await t.database.db.insert(participants).values({
      eventId: event?.id ?? 0,
      username: 'nbo',
      fullName: 'Wanjiku Kamau',
      email: 'wanjiku@example.org',
      uniqueCode: 'NBOAAAA2',
      confirmedAttendance: false,
      createdAt: new Date('2030-11-26T21:30:00Z'),
      updatedAt: new Date('2030-11-27T07:05:09Z'),
    });
    const res = await get(`/api/events/${event?.id}/participants/export/`);
    const rows = parseCsv(
      (await unzip(res.rawPayload)).get('participants.csv')?.toString('utf8').slice(1) ?? '',
    );
    expect([rows[0]?.[10], rows[0]?.[12], rows[0]?.[15], rows[0]?.[16]]).toEqual([
      'confirmed_at (Africa/Nairobi)',
      'notification_sent_at (Africa/Nairobi)',
      'created_at (Africa/Nairobi)',
      'updated_at (Africa/Nairobi)',
    ]);
    // 21:30 UTC is half past midnight the next day in Nairobi (UTC+3).
    expect([rows[1]?.[10], rows[1]?.[15], rows[1]?.[16]]).toEqual([
      '',
      '2030-11-27 00:30:00',
      '2030-11-27 10:05:09',
    ]);
  });

  it('exports an event without participants as a CSV with headers only', async () => {
    const res = await get(`/api/events/${other.eventId}/participants/export/?search=nobody-matches`);
    const entries = await unzip(res.rawPayload);
    expect(parseCsv((entries.get('participants.csv')?.toString('utf8') ?? '').slice(1))).toHaveLength(1);
  });
});
