import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TAG_DESIGN } from '@attend/shared';
import { createStaffUser } from '../src/services/auth/create-staff-user';
import { inspectLogo } from '../src/services/events/event-logo';
import { jpegOf, pngBomb, pngOf, WEBP } from './fixtures/images';
import { multipart } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

let t: TestApp;
let staff: string;
let eventUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventUrl = `/api/events/${t.seed.event.id}/`;
});
afterAll(async () => {
  await t.close();
});

function patch(payload: Record<string, unknown>, token = staff) {
  return t.request({ method: 'PATCH', url: eventUrl, headers: bearer(token), payload });
}

function uploadLogo(data: Buffer, filename = 'logo.png', token = staff, eventId = t.seed.event.id) {
  const body = multipart({ data, filename, contentType: 'image/png' });
  return t.request({
    method: 'POST',
    url: `/api/events/${eventId}/logo/`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

describe('the tag design on PATCH /api/events/{id}/', () => {
  it('reads the defaults of document 2 §3 before anything is saved', async () => {
    const res = await t.request({ method: 'GET', url: eventUrl, headers: bearer(staff) });
    expect(res.json()).toMatchObject({
      primary_color: '#1EB53A',
      secondary_color: '#FFFFFF',
      accent_color: '#0072C6',
      tag_background_color: '#ffffff',
      tag_text_color: '#000000',
      tag_design: DEFAULT_TAG_DESIGN,
      logo_url: null,
    });
  });

  it('saves every control and reads it back; a partial design keeps the other keys', async () => {
    const design = {
      border_radius: 16,
      layout: 'minimal',
      qr_position: 'top-right',
      qr_size: 'small',
      logo_size: 80,
      show_logo: false,
      show_organization: false,
    };
    const res = await patch({
      primary_color: '#112233',
      secondary_color: '#445566',
      accent_color: '#778899',
      tag_background_color: '#fafafa',
      tag_text_color: '#101010',
      tag_design: design,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ primary_color: '#112233', tag_design: design });
    const partial = await patch({ tag_design: { layout: 'classic' } });
    expect(partial.json().tag_design).toMatchObject({ ...design, layout: 'classic' });
    const again = await t.request({ method: 'GET', url: eventUrl, headers: bearer(staff) });
    expect(again.json().tag_design).toMatchObject({ ...design, layout: 'classic' });
    const reset = await patch({ tag_design: null });
    expect(reset.json().tag_design).toMatchObject(DEFAULT_TAG_DESIGN);
  });

  it('refuses every bad value with its message and changes nothing', async () => {
    const before = (await t.request({ method: 'GET', url: eventUrl, headers: bearer(staff) })).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ primary_color: 'red' }, 'Enter a colour such as #1EB53A'],
      [{ accent_color: '#12345' }, 'Enter a colour such as #1EB53A'],
      [{ tag_text_color: '#1234567g' }, 'Enter a colour such as #1EB53A'],
      [{ tag_background_color: 'url(javascript:alert(1))' }, 'Enter a colour such as #1EB53A'],
      [{ tag_design: { border_radius: 25 } }, 'Border radius must be between 0 and 24 px'],
      [{ tag_design: { border_radius: -1 } }, 'Border radius must be between 0 and 24 px'],
      [{ tag_design: { border_radius: '8' } }, 'Border radius must be between 0 and 24 px'],
      [{ tag_design: { layout: 'fancy' } }, 'Layout must be one of: modern, classic, minimal'],
      [
        { tag_design: { qr_position: 'left' } },
        'QR position must be one of: center, bottom-right, top-right',
      ],
      [{ tag_design: { qr_size: 'huge' } }, 'QR size must be one of: small, medium, large'],
      [{ tag_design: { logo_size: 50 } }, 'Logo size must be 40, 60 or 80'],
      [{ tag_design: { show_logo: 'yes' } }, 'Show Logo must be true or false'],
      [{ tag_design: { show_organization: 1 } }, 'Show Organization must be true or false'],
      [{ tag_design: { qrPosition: 'center' } }, 'Unknown tag design field: qrPosition'],
      [{ tag_design: 'modern' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(message);
    }
    const after = (await t.request({ method: 'GET', url: eventUrl, headers: bearer(staff) })).json();
    expect(after.tag_design).toEqual(before.tag_design);
    expect(after.primary_color).toBe(before.primary_color);
  });

  it('lets only staff change it', async () => {
    const participant = await t.participantToken();
    expect((await patch({ tag_design: { layout: 'classic' } }, participant)).statusCode).toBe(403);
  });
});

describe('the event logo', () => {
  it('stores a PNG, JPEG or WebP and serves it by its URL with its type, nosniff and a CSP without script', async () => {
    for (const [data, type] of [
      [pngOf(200, 80), 'image/png'],
      [jpegOf(64, 32), 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const res = await uploadLogo(data, 'whatever.bin');
      expect(res.statusCode, type).toBe(200);
      const logoUrl = res.json().logo_url as string;
      expect(logoUrl).toMatch(new RegExp(`^/api/events/${t.seed.event.id}/logo/[0-9a-f]{32}/$`));
      const served = await t.request({ method: 'GET', url: logoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
    // The participant's event reads the same URL.
    const participant = await t.participantToken();
    const seen = await t.request({ method: 'GET', url: eventUrl, headers: bearer(participant) });
    expect(seen.json().logo_url).toMatch(/\/logo\/[0-9a-f]{32}\/$/);
  });

  it('refuses a PNG cut short at any byte, every time', () => {
    // The PNG decoder alone, given a file cut short, read past it and accepted it about half the time.
    const whole = pngOf(10, 10);
    expect(inspectLogo(whole).type).toBe('png');
    // Below 33 bytes (signature and IHDR) it is not yet recognisable as a PNG: either refusal.
    for (let length = 1; length < whole.length; length++) {
      const message =
        length < 33
          ? /The logo must be a PNG, JPEG or WebP image|The logo image is damaged or incomplete/
          : 'The logo image is damaged or incomplete';
      for (let attempt = 0; attempt < 3; attempt++) {
        expect(() => inspectLogo(whole.subarray(0, length)), `${length} bytes`).toThrow(message);
      }
    }
  });

  it('refuses what is not a whole PNG, JPEG or WebP within the limits, with a clear message', async () => {
    const before = (await t.request({ method: 'GET', url: eventUrl, headers: bearer(staff) })).json();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const pngHeaderOnHtml = Buffer.concat([
      pngOf(10, 10).subarray(0, 33),
      Buffer.from('<html><script>x</script>'),
    ]);
    const cases: [Buffer, string, string][] = [
      [Buffer.alloc(1024 * 1024 + 1, 1), 'big.png', 'The logo must be 1 MB or smaller'],
      [svg, 'logo.svg', 'SVG logos are not accepted: upload a PNG, JPEG or WebP image'],
      [Buffer.concat([Buffer.from('<?xml version="1.0"?>'), svg]), 'logo.png', 'SVG logos are not accepted'],
      [pngHeaderOnHtml, 'logo.png', 'The logo image is damaged or incomplete'],
      [pngBomb(), 'bomb.png', 'The logo must be at most 4000 × 4000 pixels'],
      [pngOf(4001, 2), 'wide.png', 'The logo must be at most 4000 × 4000 pixels'],
      [jpegOf(16, 16).subarray(0, 200), 'cut.jpg', 'The logo image is damaged or incomplete'],
      [
        Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
        'logo.gif',
        'The logo must be a PNG, JPEG or WebP image',
      ],
      [
        Buffer.from('<html><body>hello</body></html>'),
        'logo.png',
        'The logo must be a PNG, JPEG or WebP image',
      ],
      [Buffer.alloc(0), 'empty.png', 'Please select a logo image to upload'],
    ];
    for (const [data, filename, message] of cases) {
      const res = await uploadLogo(data, filename);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().detail, filename).toContain(message);
    }
    const noFile = multipart(null, { note: 'x' });
    const res = await t.request({
      method: 'POST',
      url: `/api/events/${t.seed.event.id}/logo/`,
      headers: { ...noFile.headers, ...bearer(staff) },
      payload: noFile.payload,
    });
    expect(res.json().detail).toBe('Please select a logo image to upload');
    const after = (await t.request({ method: 'GET', url: eventUrl, headers: bearer(staff) })).json();
    expect(after.logo_url).toBe(before.logo_url);
  });

  it('is removed with DELETE, after which its URL answers 404', async () => {
    const set = await uploadLogo(pngOf(40, 40));
    const logoUrl = set.json().logo_url as string;
    const del = await t.request({
      method: 'DELETE',
      url: `/api/events/${t.seed.event.id}/logo/`,
      headers: bearer(staff),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().logo_url).toBeNull();
    expect((await t.request({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });

  it('is changed by staff of the event only: participants and scanners are refused, other events are 404', async () => {
    const participant = await t.participantToken();
    expect((await uploadLogo(pngOf(8, 8), 'a.png', participant)).statusCode).toBe(403);
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
    expect((await uploadLogo(pngOf(8, 8), 'a.png', scanner)).statusCode).toBe(403);
    expect((await uploadLogo(pngOf(8, 8), 'a.png', staff, 999_999)).statusCode).toBe(404);
    const wrongHash = await t.request({
      method: 'GET',
      url: `/api/events/${t.seed.event.id}/logo/${'0'.repeat(32)}/`,
    });
    expect(wrongHash.statusCode).toBe(404);
  });
});
