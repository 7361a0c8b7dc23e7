import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { bearer, createTestApp, type TestApp } from './helper';
import { assertDocumented, recordAnswers } from './openapi-contract';

let t: TestApp;
let tokens: { staff: string; participant: string };

beforeAll(async () => {
  t = await createTestApp();
  tokens = { staff: await t.staffToken(), participant: await t.participantToken(0) };
});
afterAll(async () => {
  await t.close();
});

// Every field name the API reads somewhere, and values a person (or a script) may send instead.
const fields = [
  'name',
  'description',
  'location',
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'max_participants',
  'is_active',
  'event',
  'parent_session',
  'is_sub_session',
  'num_sub_sessions',
  'sub_session_type',
  'prefix_name',
  'custom_capacities',
  'participant_ids',
  'participant_id',
  'confirm',
  'full_name',
  'email',
  'phone',
  'username',
  'organization',
  'job_title',
  'event_code',
  'unique_code',
  'token',
  'refresh',
  'password',
  'tag_design',
  'primary_color',
  'event_notes',
  'group_chat_url',
  'dsa_sessions_per_day',
  'type',
];
const hostile: unknown[] = [
  '',
  ' ',
  null,
  -1,
  0,
  1.5,
  1e308,
  'x'.repeat(20_000),
  [],
  {},
  true,
  '2025-02-30T25:61',
  '__proto__',
  { __proto__: { polluted: true } },
  ['a', null, {}],
  '\u0000',
  "'; drop table events; --",
];
const query = '?page=-1&page_size=abc&search=%00%25_&ordering=__proto__&confirmed=maybe&parent_session=x';

function concrete(url: string): string {
  return url
    .replace(':eventId', String(t.seed.event.id))
    .replace(/:[A-Za-z]+/g, String(t.seed.participants[0]?.id ?? 1));
}

describe('bad input never gets a 500', () => {
  it('every route answers hostile bodies and query strings with a clear 4xx or a success', async () => {
    // Signing out (the caller, or the participant whose token the walk uses) ends the walk's own
    // tokens: those routes go last, or every route after them would only answer 401.
    const endsSignIns = (url: string) => /(\/auth\/logout|\/revoke-sessions)\/$/.test(url);
    const routes = t.app.routeRegistry
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .sort((a, b) => Number(endsSignIns(a.url)) - Number(endsSignIns(b.url)));
    const failures: string[] = [];
    for (const route of routes) {
      // DELETE routes run last in their own pass below, so the data the others need still exists.
      if (route.method === 'DELETE') continue;
      // The live stream stays open by design; its own tests cover it.
      if (route.url.endsWith('/live/')) continue;
      const token = route.auth === 'participant' ? tokens.participant : tokens.staff;
      const url = concrete(route.url);
      const bodies: unknown[] = [
        ...hostile,
        ...hostile.map((v) => Object.fromEntries(fields.map((f) => [f, v]))),
      ];
      for (const body of bodies) {
        const res = await t.request({
          method: route.method as 'POST',
          url: url + query,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        if (res.statusCode >= 500)
          failures.push(`${route.method} ${route.url} ${JSON.stringify(body)?.slice(0, 80)}`);
        else if (res.statusCode >= 400) {
          const json = res.json() as { detail?: unknown; code?: unknown };
          if (typeof json.detail !== 'string' || typeof json.code !== 'string') {
            failures.push(`${route.method} ${route.url}: error body without {detail, code}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);

  it('every path parameter refuses huge, negative, zero, decimal and non-numeric ids with a 4xx', async () => {
    // The walk above ended its tokens' sign-ins last: new ones, so guards do not answer for the ids.
    tokens = { staff: await t.staffToken(), participant: await t.participantToken(0) };
    const junk = ['2147483648', '4294967296', '99999999999999999999', '-1', '0', '1.5', '1e3', 'abc', '%20'];
    const failures: string[] = [];
    for (const route of t.app.routeRegistry) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const names = route.url.match(/:[A-Za-z]+/g) ?? [];
      for (const name of names) {
        for (const id of junk) {
          // The other parameters stay valid, so this one is what the route has to judge.
          const url = concrete(route.url.replace(name, id));
          for (const token of [tokens.staff, tokens.participant]) {
            const res = await t.request({
              method: route.method as 'POST',
              url,
              headers: { ...bearer(token), 'content-type': 'application/json' },
              payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
            });
            const body = res.json() as { detail?: unknown; code?: unknown };
            if (res.statusCode < 400 || res.statusCode >= 500) {
              failures.push(`${route.method} ${url}: ${res.statusCode}`);
            } else if (typeof body.detail !== 'string' || typeof body.code !== 'string') {
              failures.push(`${route.method} ${url}: error body without {detail, code}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('DELETE routes with junk ids answer 4xx', async () => {
    for (const route of t.app.routeRegistry.filter((r) => r.method === 'DELETE')) {
      for (const id of ['0', '-1', 'abc', '99999999999999999999', '1.5']) {
        const url = route.url.replace(/:[A-Za-z]+/g, id);
        const res = await t.request({ method: 'DELETE', url, headers: bearer(tokens.staff) });
        expect(res.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
      }
    }
  });
});

type ErrorBody = { detail?: unknown; code?: unknown; errors?: Record<string, string[]> };
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema?: { maximum?: number } }[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, JsonSchema> } }> };
      }
    >
  >;
};
type JsonSchema = { maximum?: number; items?: JsonSchema; anyOf?: JsonSchema[] };

describe('ids in bodies and query strings are bounded like path ids', () => {
  it('answers 2^31 in every id field with a 400 naming the bound, and changes nothing', async () => {
    const staff = await t.staffToken();
    const participant = await t.participantToken(0);
    const ev = t.seed.event.id;
    const target = await createStaffUser(t.database.db, {
      username: 'bounded-ids',
      password: 'a-long-password-1',
    });
    const sessionBody = {
      name: 'Bounded id probe',
      location: 'Hall',
      start_time: '2030-01-01T10:00:00Z',
      end_time: '2030-01-01T11:00:00Z',
    };
    const cases: [InjectOptions['method'], string, unknown, string, string][] = [
      ['GET', `/api/events/${ev}/sessions/?parent_session=2147483648`, undefined, staff, 'parent_session'],
      [
        'POST',
        `/api/events/${ev}/participants/bulk_confirm_attendance/`,
        { participant_ids: [2147483648] },
        staff,
        'participant_ids.0',
      ],
      [
        'POST',
        `/api/events/${ev}/participants/send_notifications/`,
        { participant_ids: [2147483648], type: 'email' },
        staff,
        'participant_ids.0',
      ],
      [
        'POST',
        `/api/events/${ev}/sessions/`,
        { ...sessionBody, is_sub_session: true, parent_session: 2147483648 },
        staff,
        'parent_session',
      ],
      [
        'POST',
        `/api/events/${ev}/sessions/`,
        { ...sessionBody, is_sub_session: true, parent_session: '2147483648' },
        staff,
        'parent_session',
      ],
      [
        'PATCH',
        `/api/accounts/staff/${target.id}/`,
        { role: 'scanner', event_ids: [2147483648] },
        staff,
        'event_ids.0',
      ],
      ['POST', '/api/simple-confirm/', { participant_id: 2147483648 }, participant, 'participant_id'],
      [
        'POST',
        `/api/events/${ev}/check-in/`,
        { qr_code_data: 'EFGH6789', session: 2147483648 },
        staff,
        'session',
      ],
      ['GET', `/api/events/${ev}/check-ins/stats/?session=2147483648`, undefined, staff, 'session'],
    ];
    const failures: string[] = [];
    for (const [method, url, payload, token, field] of cases) {
      const res = await t.request({
        method,
        url,
        headers: bearer(token),
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      });
      const body = res.json() as ErrorBody;
      // The check-in refusal body carries no `errors`: its detail names the field's problem.
      const said = body.errors?.[field] ?? (field === 'session' ? [String(body.detail)] : []);
      // A participant's own id is refused as the broken sign-in it means (spec wording).
      const expected = url.includes('simple-confirm') ? 'logging in again' : '2147483647';
      if (
        res.statusCode !== 400 ||
        body.code !== 'validation_error' ||
        !said.some((m) => m.includes(expected))
      ) {
        failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing was written: no session, and the account kept its role.
    const sessions = await t.request({
      method: 'GET',
      url: `/api/events/${ev}/sessions/`,
      headers: bearer(staff),
    });
    expect((sessions.json() as { name: string }[]).filter((s) => s.name === sessionBody.name)).toEqual([]);
    const accounts = await t.request({ method: 'GET', url: '/api/accounts/staff/', headers: bearer(staff) });
    expect((accounts.json() as { id: number; role: string }[]).find((a) => a.id === target.id)?.role).toBe(
      'admin',
    );
  });

  it('the OpenAPI document states the bound of those ids', () => {
    const doc = t.app.swagger() as unknown as OpenApi;
    const maxOf = (s: JsonSchema | undefined): number | undefined =>
      s?.maximum ?? s?.items?.maximum ?? s?.anyOf?.map(maxOf).find((m) => m !== undefined);
    const bodyField = (path: string, method: string, field: string) =>
      maxOf(doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema.properties?.[field]);
    const queryField = (path: string, method: string, field: string) =>
      doc.paths[path]?.[method]?.parameters?.find((p) => p.in === 'query' && p.name === field)?.schema
        ?.maximum;
    expect({
      parentSessionQuery: queryField('/api/events/{eventId}/sessions/', 'get', 'parent_session'),
      parentSessionBody: bodyField('/api/events/{eventId}/sessions/', 'post', 'parent_session'),
      eventBody: bodyField('/api/events/{eventId}/sessions/', 'post', 'event'),
      bulkConfirm: bodyField(
        '/api/events/{eventId}/participants/bulk_confirm_attendance/',
        'post',
        'participant_ids',
      ),
      notify: bodyField('/api/events/{eventId}/participants/send_notifications/', 'post', 'participant_ids'),
      staffAccess: bodyField('/api/accounts/staff/{staffId}/', 'patch', 'event_ids'),
      simpleConfirm: bodyField('/api/simple-confirm/', 'post', 'participant_id'),
      checkInSession: bodyField('/api/events/{eventId}/check-in/', 'post', 'session'),
      statsSession: queryField('/api/events/{eventId}/check-ins/stats/', 'get', 'session'),
    }).toEqual({
      parentSessionQuery: 2147483647,
      parentSessionBody: 2147483647,
      eventBody: 2147483647,
      bulkConfirm: 2147483647,
      notify: 2147483647,
      staffAccess: 2147483647,
      simpleConfirm: 2147483647,
      checkInSession: 2147483647,
      statsSession: 2147483647,
    });
  });
});

describe('impossible days, long path ids and unsupported methods', () => {
  it('an impossible calendar day is refused by the DSA reports with a clear 400', async () => {
    const staff = await t.staffToken();
    const participant = await t.participantToken(0);
    const ev = t.seed.event.id;
    const urls: [string, string][] = [
      [`/api/events/${ev}/attendance/dsa-report/`, staff],
      [`/api/events/${ev}/attendance/dsa-report/export/`, staff],
      ['/api/participants/me/dsa/', participant],
    ];
    const failures: string[] = [];
    for (const [url, token] of urls) {
      for (const day of [
        '2026-02-30',
        '2026-02-29',
        '2026-04-31',
        '2026-13-01',
        '2026-00-10',
        '2026-01-00',
      ]) {
        const res = await t.request({ method: 'GET', url: `${url}?day=${day}`, headers: bearer(token) });
        const body = (res.statusCode === 400 ? res.json() : {}) as ErrorBody;
        if (body.code !== 'validation_error' || !body.errors?.day?.length) {
          failures.push(`${url}?day=${day}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      // A real 29 February is a day.
      const leap = await t.request({ method: 'GET', url: `${url}?day=2028-02-29`, headers: bearer(token) });
      if (leap.statusCode !== 200) failures.push(`${url}?day=2028-02-29: ${leap.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a path id over 100 characters is refused like any other bad id, with {detail, code}', async () => {
    const staff = await t.staffToken();
    const ev = t.seed.event.id;
    for (const url of [
      `/api/events/${'1'.repeat(120)}/`,
      `/api/events/${ev}/participants/${'9'.repeat(300)}/`,
      `/api/events/${'x'.repeat(1000)}/sessions/`,
    ]) {
      const res = await t.request({ method: 'GET', url, headers: bearer(staff) });
      const body = res.json() as ErrorBody;
      expect(res.statusCode, url.slice(0, 60)).toBe(400);
      expect(body.code).toBe('validation_error');
      expect(typeof body.detail).toBe('string');
    }
    // Past any value our URLs carry, the router refuses it itself: still {detail, code}.
    const huge = await t.request({
      method: 'GET',
      url: `/api/events/${'1'.repeat(5000)}/`,
      headers: bearer(staff),
    });
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toEqual({ detail: expect.any(String), code: 'uri_too_long' });
    const badUrl = await t.request({ method: 'GET', url: '/api/events/%zz/', headers: bearer(staff) });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ detail: expect.any(String), code: 'bad_request' });
  });

  it('a known path answers an unsupported method with 405 and Allow; an unknown path stays 404', async () => {
    const staff = await t.staffToken();
    const methodsByUrl = new Map<string, Set<string>>();
    for (const r of t.app.routeRegistry) {
      const set = methodsByUrl.get(r.url) ?? new Set<string>();
      set.add(r.method);
      methodsByUrl.set(r.url, set);
    }
    const all = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    const failures: string[] = [];
    for (const [pattern, methods] of methodsByUrl) {
      const expected = [...methods].sort().join(', ');
      for (const url of [concrete(pattern), concrete(pattern).replace(/\/$/, '')]) {
        for (const method of all.filter((m) => !methods.has(m))) {
          const res = await t.request({ method, url, headers: bearer(staff) });
          if (res.statusCode !== 405) {
            failures.push(`${method} ${url}: ${res.statusCode}`);
            continue;
          }
          if (res.headers.allow !== expected) failures.push(`${method} ${url}: Allow ${res.headers.allow}`);
          if (method === 'HEAD') continue;
          const body = res.json() as ErrorBody;
          if (body.code !== 'method_not_allowed' || typeof body.detail !== 'string') {
            failures.push(`${method} ${url}: body ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    for (const method of all) {
      const res = await t.request({ method, url: '/api/no-such-thing/', headers: bearer(staff) });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it("with the web app served, its GET catch-all neither hides a 405 nor makes the app's pages one", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'attend-web-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Attend</title>');
    const web = await buildApp({ config: { ...t.config, webDist: root }, database: t.database });
    const contract = recordAnswers(web);
    try {
      const token = await web.inject({ method: 'GET', url: '/api/auth/token/' });
      expect(token.statusCode).toBe(405);
      expect(token.headers.allow).toBe('POST');
      expect(token.json()).toMatchObject({ code: 'method_not_allowed' });
      const page = await web.inject({ method: 'GET', url: '/event/1' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect((await web.inject({ method: 'POST', url: '/event/1' })).statusCode).toBe(404);
      expect((await web.inject({ method: 'GET', url: '/api/no-such-thing/' })).statusCode).toBe(404);
    } finally {
      await web.close();
      rmSync(root, { recursive: true, force: true });
    }
    assertDocumented(contract);
  });
});

// The route schemas are zod schemas: read their structure to find the fields worth attacking.
type ZodDef = {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  format?: string;
};
type ZodLike = { _zod: { def: ZodDef }; safeParseAsync: (v: unknown) => Promise<{ success: boolean }> };
const defOf = (s: ZodLike): ZodDef => s._zod.def;

/** The schemas a value may meet, through optional, default, pipes, preprocessing and unions. */
function leaves(s: ZodLike): ZodLike[] {
  const d = defOf(s);
  if (d.innerType) return leaves(d.innerType);
  if (d.in && d.out) return [...leaves(d.in), ...leaves(d.out)];
  if (d.options) return d.options.flatMap(leaves);
  return [s];
}

type Path = (string | number)[];
type Field = { path: Path; list: boolean };
// Dates checked by a transform (and the loosely typed items of a sync) are known by their names.
const DATE_NAME = /(^|_)(date|time|day|at|since)$/;
const ID_NAME = /(^|_)(ids?|session|event)$/;

/** Every integer, date and enum field of an object schema, nested objects and lists of objects included. */
function attackable(schema: ZodLike, base: unknown, path: Path = []): Field[] {
  const found = new Map<string, Field>();
  const at = (v: unknown, k: string | number): unknown =>
    v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  for (const object of leaves(schema).filter((l) => defOf(l).type === 'object')) {
    for (const [name, field] of Object.entries(defOf(object).shape ?? {})) {
      const here = [...path, name];
      let wanted = DATE_NAME.test(name) || ID_NAME.test(name);
      let list = false;
      for (const leaf of leaves(field)) {
        const d = defOf(leaf);
        if (['number', 'bigint', 'enum', 'literal', 'date'].includes(d.type)) wanted = true;
        if (d.type === 'string' && ['datetime', 'date', 'time'].includes(d.format ?? '')) wanted = true;
        if (d.type === 'object') {
          for (const f of attackable(leaf, at(base, name) ?? {}, here)) found.set(JSON.stringify(f.path), f);
        }
        if (d.type === 'array' && d.element) {
          const elements = leaves(d.element);
          if (elements.some((e) => defOf(e).type === 'number')) wanted = list = true;
          const item = at(at(base, name), 0);
          if (item !== undefined && elements.some((e) => defOf(e).type === 'object')) {
            for (const f of attackable(d.element, item, [...here, 0])) found.set(JSON.stringify(f.path), f);
          }
        }
      }
      if (wanted) found.set(JSON.stringify(here), { path: here, list });
    }
  }
  return [...found.values()];
}

function setAt(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((key, i) => {
    node[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  const last = path[path.length - 1];
  if (last !== undefined) node[last] = value;
  return copy;
}

/** How a hostile value is written in a query string (a list repeats the key). */
function queryString(base: Record<string, string>, name: string, value: unknown): string {
  const q = new URLSearchParams(base);
  q.delete(name);
  if (Array.isArray(value)) {
    q.append(name, '1');
    q.append(name, '2');
  } else if (value !== null && typeof value === 'object') {
    q.append(`${name}[a]`, '1');
  } else q.append(name, value === null ? '' : String(value));
  return q.toString();
}

async function inParallel<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await run(item);
      }
    }),
  );
}

describe('hostile values in every integer, date and enum field', () => {
  it('every body and query field of every route answers huge, negative, fractional, mistyped and impossible values without a 5xx', async () => {
    const staff = await t.staffToken();
    const participant = await t.participantToken(0);
    const ev = t.seed.event.id;
    const p0 = t.seed.participants[0]?.id ?? 1;
    const event = (
      await t.request({ method: 'GET', url: `/api/events/${ev}/`, headers: bearer(staff) })
    ).json() as {
      start_date: string;
      end_date: string;
    };
    const start = new Date(event.start_date).getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const sessionTimes = { start_time: iso(start + 3_600_000), end_time: iso(start + 7_200_000) };
    const session = await t.request({
      method: 'POST',
      url: `/api/events/${ev}/sessions/`,
      headers: bearer(staff),
      payload: { name: 'Walk session', location: 'Hall', ...sessionTimes },
    });
    expect(session.statusCode).toBe(201);
    const sessionId = (session.json() as { id: number }).id;
    // A second account takes the staff-access changes, so the walk's own account stays an admin.
    const other = await createStaffUser(t.database.db, {
      username: 'walk-target',
      password: 'a-long-password-2',
    });
    const day = event.start_date.slice(0, 10);
    const params: Record<string, number> = {
      eventId: ev,
      id: p0,
      participantId: p0,
      sessionId,
      staffId: other.id,
    };
    const url = (pattern: string) =>
      pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => String(params[name] ?? p0));

    // Valid values for the other fields, so the attacked one is what the route has to judge.
    const bodies: Record<string, Record<string, unknown>> = {
      'PATCH /api/accounts/staff/:staffId/': { role: 'admin', event_ids: [] },
      'POST /api/accounts/staff/': { username: 'walk-new', role: 'scanner', event_ids: [ev] },
      'POST /api/accounts/staff/:staffId/credentials/': { delivery: 'password' },
      'PATCH /api/accounts/me/language/': { language: 'en' },
      'POST /api/events/:eventId/participants/': { full_name: 'Walk Person', email: 'walk@example.org' },
      'POST /api/events/:eventId/participants/bulk_confirm_attendance/': { participant_ids: [p0] },
      'POST /api/simple-confirm/': { participant_id: p0 },
      'POST /api/events/': {
        name: 'Walk',
        start_date: event.start_date,
        end_date: event.end_date,
        location: 'Hall',
      },
      'POST /api/events/:eventId/sessions/': { name: 'Walk', location: 'Hall', ...sessionTimes },
      'PUT /api/events/:eventId/sessions/:sessionId/': { name: 'Walk session', ...sessionTimes },
      'POST /api/sessions/global/:sessionId/create_sub_sessions/': { num_sub_sessions: 2 },
      'POST /api/events/:eventId/check-ins/sync/': {
        station_id: 'walk',
        check_ins: [
          { client_nonce: 'walk-0001', qr_code_data: 'EFGH6789', session: null, scanned_at: iso(Date.now()) },
        ],
      },
      'POST /api/events/:eventId/check-in/': { qr_code_data: 'EFGH6789' },
      'POST /api/events/:eventId/check-in/walk-in/': { full_name: 'Walk In', email: 'walk-in@example.org' },
      'POST /api/events/:eventId/participants/send_notifications/': { participant_ids: [p0], type: 'email' },
      'POST /api/events/:eventId/certificates/manual/': { participant_id: p0, note: 'Issued by hand' },
    };
    const queries: Record<string, Record<string, string>> = {
      'GET /api/events/:eventId/attendance/dsa-report/': { day },
      'GET /api/events/:eventId/attendance/dsa-report/export/': { day },
      'GET /api/participants/me/dsa/': { day },
      'GET /api/events/:eventId/badges.pdf': { participant_ids: String(p0) },
      'GET /api/qr/:participantId.png': { exp: String(Math.floor(Date.now() / 1000) + 3600), sig: 'x' },
    };
    const hostile: unknown[] = [
      2 ** 31,
      2 ** 53,
      -1,
      0,
      1.5,
      '1e3',
      'abc',
      true,
      null,
      [],
      {},
      '2026-02-30',
      '2026-13-01',
      '9999-99-99T99:99',
    ];

    const requests: { label: string; options: InjectOptions }[] = [];
    const invalidBases: string[] = [];
    const walked = new Set<string>();
    for (const route of t.app.routeRegistry) {
      if (route.method === 'HEAD' || route.url.endsWith('/live/')) continue;
      const key = `${route.method} ${route.url}`;
      const token = route.auth === 'participant' ? participant : staff;
      const headers = { ...bearer(token), 'content-type': 'application/json' };
      const body = route.schema?.body as ZodLike | undefined;
      if (body) {
        const base = bodies[key] ?? {};
        const fields = attackable(body, base);
        if (fields.length > 0 && !(await body.safeParseAsync(base)).success) invalidBases.push(key);
        for (const field of fields) {
          walked.add(`${key} body ${field.path.join('.')}`);
          for (const value of [...hostile, ...(field.list ? hostile.map((v) => [v]) : [])]) {
            requests.push({
              label: `${key} ${field.path.join('.')}=${JSON.stringify(value)}`,
              options: {
                method: route.method as 'POST',
                url: url(route.url),
                headers,
                payload: JSON.stringify(setAt(base, field.path, value)),
              },
            });
          }
        }
      }
      const query = route.schema?.querystring as ZodLike | undefined;
      if (query) {
        const base = queries[key] ?? {};
        const fields = attackable(query, base).filter((f) => f.path.length === 1);
        if (fields.length > 0 && !(await query.safeParseAsync(base)).success) invalidBases.push(key);
        for (const field of fields) {
          const name = String(field.path[0]);
          walked.add(`${key} query ${name}`);
          for (const value of hostile) {
            requests.push({
              label: `${key} ?${name}=${JSON.stringify(value)}`,
              options: {
                method: route.method as 'GET',
                url: `${url(route.url)}?${queryString(base, name, value)}`,
                headers: bearer(token),
                ...(route.method === 'GET' ? {} : { payload: bodies[key] ?? {} }),
              },
            });
          }
        }
      }
    }
    // Every route with such fields has a valid base, or the walk would only test the missing fields.
    expect(invalidBases).toEqual([]);
    // The fields the issue names are among those walked.
    for (const f of [
      'GET /api/events/:eventId/sessions/ query parent_session',
      'POST /api/events/:eventId/sessions/ body parent_session',
      'POST /api/events/:eventId/participants/bulk_confirm_attendance/ body participant_ids',
      'POST /api/events/:eventId/participants/send_notifications/ body participant_ids',
      'PATCH /api/accounts/staff/:staffId/ body event_ids',
      'GET /api/events/:eventId/attendance/dsa-report/ query day',
      'POST /api/events/:eventId/check-ins/sync/ body check_ins.0.scanned_at',
      'PATCH /api/events/:eventId/ body tag_design.layout',
    ]) {
      expect(walked, f).toContain(f);
    }

    const failures: string[] = [];
    let serverErrors = 0;
    const started = Date.now();
    await inParallel(requests, 8, async ({ label, options }) => {
      const res = await t.request(options);
      if (res.statusCode >= 500) {
        serverErrors += 1;
        failures.push(`${label}: ${res.statusCode}`);
      } else if (res.statusCode >= 400) {
        const json = res.json() as ErrorBody;
        if (typeof json.detail !== 'string' || typeof json.code !== 'string') {
          failures.push(`${label}: ${res.statusCode} without {detail, code}`);
        }
      }
    });
    console.info(
      `hostile walk: ${walked.size} fields, ${requests.length} requests, ${serverErrors} 5xx, ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
    // The walk's own account was never demoted or signed out along the way.
    const me = await t.request({ method: 'GET', url: '/api/accounts/staff/', headers: bearer(staff) });
    expect(me.statusCode).toBe(200);
  }, 120_000);
});
