import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@attend/shared';
import { hostileImages, jpegOf, pngOf } from './fixtures/images';
import { multipart } from './fixtures/spreadsheets';
import { bearer, createTestApp, type TestApp } from './helper';

// Document 2 §3's tag design object, as a client written to the spec sends it in PATCH
// /api/events/{id}/ (§7), and what its fields draw on the badge sheets.

let t: TestApp;
let staff: string;
let eventUrl: string;
let work: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
  eventUrl = `/api/events/${t.seed.event.id}/`;
  work = mkdtempSync(path.join(tmpdir(), 'tag-design-'));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const get = async () => (await t.request({ method: 'GET', url: eventUrl, headers: bearer(staff) })).json();
const patch = (payload: Record<string, unknown>, token = staff) =>
  t.request({ method: 'PATCH', url: eventUrl, headers: bearer(token), payload });

function upload(data: Buffer, filename = 'image.png', token = staff, what = 'image') {
  const body = multipart({ data, filename, contentType: 'image/png' });
  return t.request({
    method: 'POST',
    url: `/api/events/${t.seed.event.id}/${what}/`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

function poppler(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr}`);
  return r.stdout;
}

/** Amina's badge alone: its text, and the sizes of the images drawn on it. */
async function badge(): Promise<{ text: string; images: string[] }> {
  const id = t.seed.participants[0]?.id;
  const res = await t.request({
    method: 'GET',
    url: `/api/events/${t.seed.event.id}/badges.pdf?participant_ids=${id}&layout=single`,
    headers: bearer(staff),
  });
  expect(res.statusCode).toBe(200);
  counter += 1;
  const file = path.join(work, `badge-${counter}.pdf`);
  writeFileSync(file, res.rawPayload);
  const list = poppler('pdfimages', ['-list', file]);
  const images = [...list.matchAll(/^\s*\d+\s+\d+\s+(?:image|smask)\s+(\d+)\s+(\d+)/gm)].map(
    (m) => `${m[1]}x${m[2]}`,
  );
  return { text: poppler('pdftotext', [file, '-']).replace(/\s+/g, ' '), images };
}

const SPEC_DESIGN = {
  primaryColor: '#112233',
  secondaryColor: '#FAFAFA',
  accentColor: '#778899',
  backgroundColor: '#fefefe',
  textColor: '#101010',
  borderRadius: '12px',
  showLogo: false,
  showName: true,
  showOrganization: false,
  logoSize: 40,
  nameSize: 40,
  organizationSize: 12,
  qrCodePosition: 'bottom-right',
  qrCodeSize: 'medium',
  layout: 'classic',
  imageUrl: null,
  showImage: true,
  imageSize: 'large',
  imagePosition: 'background',
} as const;

describe("the spec's tag design object in PATCH /api/events/{id}/", () => {
  it('is stored as one design and read back under its own names, the snake_case ones beside them', async () => {
    const res = await patch({ tag_design: SPEC_DESIGN });
    expect(res.statusCode, res.body).toBe(200);
    const event = await get();
    expect(event.tag_design).toMatchObject(SPEC_DESIGN);
    // One design: the colours are the event's, and the old names read the same values.
    expect(event).toMatchObject({
      primary_color: '#112233',
      secondary_color: '#FAFAFA',
      accent_color: '#778899',
      tag_background_color: '#fefefe',
      tag_text_color: '#101010',
    });
    expect(event.tag_design).toMatchObject({
      border_radius: 12,
      show_logo: false,
      show_name: true,
      show_organization: false,
      logo_size: 40,
      name_size: 40,
      organization_size: 12,
      qr_position: 'bottom-right',
      qr_size: 'medium',
      image_size: 'large',
      image_position: 'background',
    });
    // What GET answers goes back through PATCH unchanged.
    const whole = await patch({ tag_design: event.tag_design }); // both names of each field, one value
    expect(whole.statusCode, whole.body).toBe(200);
    expect((await get()).tag_design).toEqual(event.tag_design);
    const camelOnly = Object.fromEntries(Object.keys(SPEC_DESIGN).map((k) => [k, event.tag_design[k]]));
    expect((await patch({ tag_design: camelOnly })).statusCode).toBe(200);
    expect((await get()).tag_design).toEqual(event.tag_design);
  });

  it('still takes the snake_case keys, and a partial design keeps the rest', async () => {
    const res = await patch({ tag_design: { name_size: 20, show_name: false, border_radius: 4 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tag_design).toMatchObject({
      nameSize: 20,
      showName: false,
      borderRadius: '4px',
      layout: 'classic',
      organizationSize: 12,
    });
    expect((await patch({ tag_design: { borderRadius: 16 } })).json().tag_design.borderRadius).toBe('16px');
  });

  it('refuses a field sent under both its names with two values, and a colour that disagrees with its column', async () => {
    const before = await get();
    const twice = await patch({ tag_design: { nameSize: 20, name_size: 24 } });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(
      'Tag design field sent twice with different values: nameSize and name_size (send one)',
    );
    const differ = await patch({ primary_color: '#000000', tag_design: { primaryColor: '#111111' } });
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain('primaryColor in tag_design and primary_color differ: send one of them');
    expect(await get()).toEqual(before);
    const agree = await patch({ primary_color: '#123456', tag_design: { primaryColor: '#123456' } });
    expect(agree.statusCode).toBe(200);
    expect(agree.json().primary_color).toBe('#123456');
  });

  it('refuses every hostile value with its message and changes nothing', async () => {
    const before = await get();
    const foreign = `/api/events/${t.seed.event.id}/image/${'a'.repeat(32)}/`;
    const cases: [Record<string, unknown>, string][] = [
      [{ primaryColor: 'red' }, messages.invalidColour],
      [{ backgroundColor: 'url(javascript:alert(1))' }, messages.invalidColour],
      [{ textColor: '#12345' }, messages.invalidColour],
      [{ borderRadius: '25px' }, messages.tagBorderRadiusPx],
      [{ borderRadius: '-1px' }, messages.tagBorderRadiusPx],
      [{ borderRadius: '12em' }, messages.tagBorderRadiusPx],
      [{ borderRadius: '12px; background:red' }, messages.tagBorderRadiusPx],
      [{ borderRadius: 12.5 }, messages.tagBorderRadiusPx],
      [{ nameSize: 15 }, messages.tagNameSize],
      [{ nameSize: 49 }, messages.tagNameSize],
      [{ nameSize: 20.5 }, messages.tagNameSize],
      [{ nameSize: '32' }, messages.tagNameSize],
      [{ name_size: 1e9 }, messages.tagNameSize],
      [{ organizationSize: 9 }, messages.tagOrganizationSize],
      [{ organizationSize: 25 }, messages.tagOrganizationSize],
      [{ logoSize: 1000 }, 'Logo size must be 40, 60 or 80'],
      [{ qrCodePosition: 'left' }, 'QR position must be one of: center, bottom-right, top-right'],
      [{ qrCodeSize: 'huge' }, 'QR size must be one of: small, medium, large'],
      [{ layout: '<script>' }, 'Layout must be one of: modern, classic, minimal'],
      [{ imagePosition: 'bottom' }, 'Image position must be one of: top, background'],
      [{ imageSize: 'huge' }, 'Image size must be one of: small, medium, large'],
      [{ showName: 'no' }, 'Show Name must be true or false'],
      [{ showImage: 1 }, 'Show Image must be true or false'],
      [{ imageUrl: 'https://evil.example/x.png' }, messages.tagImageUrl],
      [{ imageUrl: 'javascript:alert(1)' }, messages.tagImageUrl],
      [{ imageUrl: `//evil.example${foreign}` }, messages.tagImageUrl],
      [{ imageUrl: `/api/events/${t.seed.event.id}/logo/${'a'.repeat(32)}/` }, messages.tagImageUrl],
      // The right shape, but no image of this event.
      [{ imageUrl: foreign }, messages.tagImageUrl],
      [{ imageUrl: 42 }, messages.tagImageUrl],
      [{ fontFamily: 'Comic Sans' }, 'Unknown tag design field: fontFamily'],
    ];
    for (const [design, message] of cases) {
      const res = await patch({ tag_design: design });
      expect(res.statusCode, JSON.stringify(design)).toBe(400);
      expect(res.body, JSON.stringify(design)).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect(await get()).toEqual(before);
  });
});

describe('the event image (POST /api/events/{id}/image/)', () => {
  it('is stored, served by the URL the design names, kept by a PATCH that sends it back, and removed by null', async () => {
    const res = await upload(jpegOf(64, 32), 'photo.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().tag_design.imageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/events/${t.seed.event.id}/image/[0-9a-f]{32}/$`));
    expect(res.json().tag_design.image_url).toBe(url);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // The logo is another picture: uploading the image left it alone.
    expect(res.json().logo_url).toBeNull();
    const kept = await patch({ tag_design: { imageUrl: url, imagePosition: 'top' } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().tag_design).toMatchObject({ imageUrl: url, imagePosition: 'top' });
    const participant = await t.participantToken();
    const seen = await t.request({ method: 'GET', url: eventUrl, headers: bearer(participant) });
    expect(seen.json().tag_design.imageUrl).toBe(url);
    const removed = await patch({ tag_design: { imageUrl: null } });
    expect(removed.json().tag_design.imageUrl).toBeNull();
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  it("refuses the logo's hostile files with the image's own words, and changes nothing", async () => {
    const set = await upload(pngOf(20, 20));
    const before = await get();
    const words = {
      tooLarge: messages.imageTooLarge,
      svg: messages.imageSvgRefused,
      damaged: messages.imageDamaged,
      pixels: messages.imageTooManyPixels,
      wrongType: messages.imageWrongType,
      required: messages.imageFileRequired,
    };
    for (const [data, filename, refusal] of hostileImages()) {
      const res = await upload(data, filename);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json().detail, filename).toBe(words[refusal]);
    }
    expect(await get()).toEqual(before);
    expect(before.tag_design.imageUrl).toBe(set.json().tag_design.imageUrl);
  });

  it('is changed by staff only, and removed with DELETE', async () => {
    const participant = await t.participantToken();
    expect((await upload(pngOf(8, 8), 'a.png', participant)).statusCode).toBe(403);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/events/${t.seed.event.id}/image/`,
      headers: bearer(staff),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().tag_design.imageUrl).toBeNull();
  });
});

describe('the badge sheets draw the design', () => {
  it('draws the image at the top or behind, and shows or hides the name and the organisation', async () => {
    await patch({ tag_design: null });
    await upload(pngOf(123, 45, 0x40), 'banner.png');
    for (const imagePosition of ['top', 'background'] as const) {
      await patch({ tag_design: { imagePosition, showOrganization: false, showName: true, nameSize: 40 } });
      const drawn = await badge();
      expect(drawn.images, imagePosition).toContain('123x45');
      expect(drawn.text).toContain('Amina Uwase');
      expect(drawn.text).not.toContain('District Hospital');
    }
    await patch({ tag_design: { showName: false, showOrganization: true, showImage: false } });
    const plain = await badge();
    expect(plain.images).not.toContain('123x45');
    expect(plain.text).not.toContain('Amina Uwase');
    expect(plain.text).toContain('District Hospital');
    expect(plain.text).toContain('TEST42');
  });
});
