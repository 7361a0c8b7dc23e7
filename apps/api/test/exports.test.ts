// The spreadsheets and the zip the API writes, opened with readers the app does not use: openpyxl
// for .xlsx (sheet names, text cells) and Java's ZipInputStream for the participants export.
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants, sessionRegistrations } from '../src/db/schema';
import { javaZipEntries, openpyxlWorkbook, type OpenpyxlCell } from './fixtures/other-readers';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
});
afterAll(async () => {
  await t.close();
});

const x = (n: number) => 'x'.repeat(n);
let made = 0;

async function newEvent(timeZone = 'Africa/Nairobi'): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/events/',
    headers: bearer(staff),
    payload: {
      name: `Exports ${timeZone}`,
      start_date: '2030-11-27T00:00:00Z',
      end_date: '2030-11-29T00:00:00Z',
      location: 'Hall',
      time_zone: timeZone,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Text a spreadsheet would run as a formula if it were typed in, as people do type it. */
const FORMULA_LIKE = {
  fullName: '=HYPERLINK("http://evil.example","click")',
  phone: '+254700000018',
  organization: '@SUM(A1)',
  jobTitle: '-2+3',
};

async function addParticipants(
  eventId: number,
  count: number,
  fields: Partial<typeof participants.$inferInsert> = {},
): Promise<number[]> {
  const rows = Array.from({ length: count }, () => {
    made += 1;
    // Unique codes use letters without look-alikes: the counter is spelt in them.
    const code = `XP${String(made).padStart(6, '0')}`.replace(/\d/g, (d) => 'ABCDEFGHJK'[Number(d)] ?? 'A');
    return {
      eventId,
      username: `export${made}`,
      fullName: `Person ${made}`,
      email: `export${made}@example.org`,
      uniqueCode: code,
      confirmedAttendance: true,
      confirmedAt: new Date(),
      ...fields,
    };
  });
  return (await t.database.db.insert(participants).values(rows).returning()).map((p) => p.id);
}

async function newSession(eventId: number, name: string): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `/api/events/${eventId}/sessions/`,
    headers: bearer(staff),
    payload: {
      name,
      location: 'Room 1',
      start_time: '2030-11-27T07:00:00Z',
      end_time: '2030-11-27T08:00:00Z',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

function exportSession(sessionId: number) {
  return t.request({
    method: 'GET',
    url: `/api/sessions/global/${sessionId}/export_participants/`,
    headers: bearer(staff),
  });
}

/** The row of the sheet whose cells start with `first`, as [type, value] pairs. */
function rowStarting(rows: OpenpyxlCell[][], first: string): [string, unknown][] | undefined {
  return rows.find((r) => r[0]?.value === first)?.map((c) => [c.type, c.value]);
}

describe('sheet names', () => {
  it('exports a session whatever its name: apostrophes at the cut, History, an emoji across the 31st character', async () => {
    const eventId = await newEvent();
    const cases: [name: string, sheet: string][] = [
      ["'Opening'", 'Opening'],
      [`${x(30)}'s keynote`, x(30)],
      ['History', 'History (2)'],
      ['history', 'history (2)'],
      [`${x(30)}\u{1F389} party`, x(30)],
      [`${x(29)}\u{1F389} party`, `${x(29)}\u{1F389}`],
      ['Keynote: AI [Day 1] 10:00', 'Keynote\uFF1A AI (Day 1) 10\uFF1A00'],
      ['Q&A / Panel?', 'Q&A - Panel\uFF1F'],
    ];
    for (const [name, sheet] of cases) {
      const res = await exportSession(await newSession(eventId, name));
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      // The session's registrants, then its waiting list (issue 32).
      const [only, ...others] = openpyxlWorkbook(res.rawPayload);
      expect(others.map((o) => o.title)).toEqual(['Waiting list']);
      expect(only?.title).toBe(sheet);
      expect(only?.title).not.toContain('\uFFFD');
    }
  });

  it.each(['Asia/Kathmandu', 'Asia/Tehran', 'Asia/Kabul', 'Asia/Yangon', 'Pacific/Marquesas'])(
    'exports the DSA report of an event in %s, whose zone is an offset with minutes',
    async (zone) => {
      const eventId = await newEvent(zone);
      const res = await t.request({
        method: 'GET',
        url: `/api/events/${eventId}/attendance/dsa-report/export/?day=2030-11-27`,
        headers: bearer(staff),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const offset = {
        'Asia/Kathmandu': '+5',
        'Asia/Tehran': '+3',
        'Asia/Kabul': '+4',
        'Asia/Yangon': '+6',
        'Pacific/Marquesas': '-9',
      }[zone];
      const minutes = zone === 'Asia/Kathmandu' ? '45' : '30';
      expect(openpyxlWorkbook(res.rawPayload).map((s) => s.title)).toEqual([
        `DSA 2030-11-27 (GMT${offset}\uFF1A${minutes})`,
      ]);
    },
  );
});

describe('text cells', () => {
  it('are text in the .xlsx exports, without the apostrophe that Excel and LibreOffice would show', async () => {
    const eventId = await newEvent();
    const [id] = await addParticipants(eventId, 1, FORMULA_LIKE);
    const sessionId = await newSession(eventId, 'Cells');
    await t.database.db.insert(sessionRegistrations).values({ sessionId, participantId: id ?? 0 });

    const session = await exportSession(sessionId);
    expect(session.statusCode).toBe(200);
    const [sheet] = openpyxlWorkbook(session.rawPayload);
    expect(rowStarting(sheet?.rows ?? [], FORMULA_LIKE.fullName)?.slice(0, 6)).toEqual([
      ['s', FORMULA_LIKE.fullName],
      ['s', expect.stringMatching(/^export\d+@example\.org$/)],
      ['s', expect.stringMatching(/^export\d+$/)],
      ['s', '+254700000018'],
      ['s', '@SUM(A1)'],
      ['s', '-2+3'],
    ]);

    const dsa = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/attendance/dsa-report/export/?day=2030-11-27`,
      headers: bearer(staff),
    });
    expect(dsa.statusCode).toBe(200);
    const [report] = openpyxlWorkbook(dsa.rawPayload);
    expect(rowStarting(report?.rows ?? [], FORMULA_LIKE.fullName)?.slice(0, 2)).toEqual([
      ['s', FORMULA_LIKE.fullName],
      ['s', '@SUM(A1)'],
    ]);
    // No cell of either file is a formula.
    for (const rows of [sheet?.rows ?? [], report?.rows ?? []]) {
      expect(rows.flat().filter((c) => c.type === 'f')).toEqual([]);
    }
  });

  it('keep the apostrophe in the CSV of the participants export, where it is what stops a formula', async () => {
    const eventId = await newEvent();
    await addParticipants(eventId, 1, FORMULA_LIKE);
    const res = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/participants/export/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const csv = (await unzip(res.rawPayload)).get('participants.csv')?.toString('utf8') ?? '';
    const line = csv.split('\r\n').find((l) => l.includes('HYPERLINK')) ?? '';
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(",'+254700000018,");
    expect(line).toContain(",'@SUM(A1),'-2+3,");
  });
});

type Entry = { name: string; method: number; flags: number; data: Buffer };

function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return zipEntries(data).then((list) => new Map(list.map((e) => [e.name, e.data])));
}

function zipEntries(data: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries: Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              method: entry.compressionMethod,
              flags: entry.generalPurposeBitFlag,
              data: Buffer.concat(chunks),
            });
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

describe('the participants export zip', () => {
  it("opens in Java's ZipInputStream: the QR images are stored with their sizes before their data", async () => {
    const eventId = await newEvent();
    // More than the export draws ahead (64), so the images are written in several windows.
    await addParticipants(eventId, 70);
    await addParticipants(eventId, 3, { confirmedAttendance: false, confirmedAt: null });
    const res = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/participants/export/`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    const entries = await zipEntries(res.rawPayload);
    const images = entries.filter((e) => e.name.startsWith('qr/'));
    expect(images).toHaveLength(70);
    expect(entries.map((e) => e.name)).toEqual(['participants.csv', ...images.map((e) => e.name)]);
    for (const image of images) {
      expect(image.method, image.name).toBe(0); // stored: a PNG is compressed already
      // General purpose bit 3: sizes and CRC in a data descriptor after the data.
      expect(image.flags & 0x8, image.name).toBe(0);
      expect(image.data.subarray(1, 4).toString()).toBe('PNG');
    }

    const java = javaZipEntries(res.rawPayload);
    expect(java.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    for (const [i, e] of java.entries()) {
      expect(e.size, e.name).toBe(entries[i]?.data.length);
      expect(e.method, e.name).toBe(e.name.startsWith('qr/') ? 'stored' : 'deflated');
    }
    const csv = entries[0]?.data.toString('utf8') ?? '';
    // Every confirmed participant's row names its image, and every image is there.
    const named = [...csv.matchAll(/(?<=,)qr\/[^,\r\n]+\.png(?=,)/g)].map((m) => m[0]);
    expect(named.sort()).toEqual(images.map((e) => e.name).sort());
  }, 60_000);
});
