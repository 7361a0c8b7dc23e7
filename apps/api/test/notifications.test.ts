import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TFailedEmailStats, TOutgoingMessage, TParticipant } from '@attend/shared';
import { loginLinks, outgoingMessages, participants } from '../src/db/schema';
import { loginSms, smsSegments } from '../src/services/notifications/login-message';
import { backoffMs } from '../src/services/notifications/deliver-message';
import { qp, SmtpSink } from './fixtures/smtp-sink';
import { bearer, createTestApp, type TestApp } from './helper';

const sink = new SmtpSink();
let smtpUrl: string;
let t: TestApp;
let staff: string;
let eventId: number;
let counter = 0;

beforeAll(async () => {
  smtpUrl = await sink.start();
  t = await createTestApp({ smtpUrl }, { jobs: true, outboxOptions: { pollMs: 200 } });
  staff = await t.staffToken();
  eventId = t.seed.event.id;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
afterEach(() => {
  sink.answer = () => 'accept';
});

async function person(opts: { name?: string; email?: string; phone?: string } = {}) {
  counter += 1;
  const [p] = await t.database.db
    .insert(participants)
    .values({
      eventId,
      username: `n${counter}`,
      fullName: opts.name ?? `Notified Person ${counter}`,
      email: opts.email ?? `notified${counter}@example.org`,
      phone: opts.phone ?? '',
      uniqueCode: `NTF${String(counter).padStart(5, 'A')}`.replace(/0/g, 'Z').replace(/1/g, 'Y'),
    })
    .returning();
  if (!p) throw new Error('no participant');
  return p;
}

function send(
  participantIds: number[],
  type: 'both' | 'email' | 'sms' = 'email',
  app: TestApp = t,
  token = staff,
) {
  return app.request({
    method: 'POST',
    url: `/api/events/${app.seed.event.id}/participants/send_notifications/`,
    headers: bearer(token),
    payload: { participant_ids: participantIds, type },
  });
}

async function settled(app: TestApp = t) {
  await app.app.outbox?.idle();
}

async function statusOf(id: number) {
  const [p] = await t.database.db.select().from(participants).where(eq(participants.id, id));
  return p?.notificationStatus;
}

async function messagesOf(participantId: number) {
  return t.database.db
    .select()
    .from(outgoingMessages)
    .where(eq(outgoingMessages.participantId, participantId));
}

describe('sending login details by e-mail', () => {
  it('queues durably, sends through SMTP, and the one-click link in the message signs in', async () => {
    const a = await person();
    const b = await person();
    const res = await send([a.id, b.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success_count: 2,
      error_count: 0,
      errors: [],
      message: 'Notifications sent. Success: 2, Errors: 0',
    });
    await settled();
    const mail = sink.received.find((m) => m.to === a.email);
    expect(mail).toBeDefined();
    const raw = qp(mail?.raw ?? '');
    expect(raw).toContain(`Subject: ${t.seed.event.name}: your login details`);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain(t.seed.event.eventCode);
    expect(raw).toContain(a.uniqueCode);
    expect(raw).toContain('confirm your attendance');
    const token = /auto-login\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
    expect(token).toBeDefined();
    const login = await t.request({ method: 'POST', url: '/api/auth/one-click-login/', payload: { token } });
    expect(login.statusCode).toBe(200);
    expect(login.json().participant.id).toBe(a.id);

    expect(await statusOf(a.id)).toBe('sent');
    const detail = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/participants/${a.id}/`,
      headers: bearer(staff),
    });
    expect(detail.json()).toMatchObject({ notification_sent: true, notification_status: 'sent' });
    expect((detail.json() as TParticipant).notification_sent_at).not.toBeNull();
    // The Messages view shows what was sent, without the sign-in link.
    const list = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/messages/`,
      headers: bearer(staff),
    });
    const stored = await messagesOf(a.id);
    expect(stored[0]?.body).not.toContain(token);
    expect(stored[0]?.body).toContain('[one-click sign-in link]');
    expect(
      (list.json().results as TOutgoingMessage[]).some(
        (m) => m.participant_id === a.id && m.status === 'sent',
      ),
    ).toBe(true);
  });

  it('escapes names and keeps them out of the headers', async () => {
    const evil = await person({ name: 'Eve\r\nBcc: victim@example.org <script>alert(1)</script>' });
    await send([evil.id]);
    await settled();
    const raw = qp(sink.received.find((m) => m.to === evil.email)?.raw ?? '');
    expect(raw).not.toMatch(/^Bcc:/im);
    // In the HTML part the name is escaped; in the plain-text part it is just text.
    const html = raw.slice(raw.indexOf('Content-Type: text/html'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(sink.received.some((m) => m.to === 'victim@example.org')).toBe(false);
  });

  it('reports a participant without an e-mail or phone as an error line, kept as a failed message never tried', async () => {
    const noMail = await person({ email: 'not-an-address' });
    const noPhone = await person();
    const badPhone = await person({ phone: '12' });
    const ok = await person({ phone: '+250 788 123 456' });
    const res = await send([noMail.id, noPhone.id, badPhone.id, 999_999], 'sms');
    const body = res.json();
    expect(body.success_count).toBe(0);
    expect(body.errors).toEqual([
      { participant_id: noMail.id, error: 'This participant has no phone number.', channels: ['sms'] },
      { participant_id: noPhone.id, error: 'This participant has no phone number.', channels: ['sms'] },
      {
        participant_id: badPhone.id,
        error: 'SMS not sent: the phone number 12 is not a valid phone number.',
        channels: ['sms'],
      },
      { participant_id: 999_999, error: 'Participant not found.', channels: [] },
    ]);
    expect(body.sms).toEqual({ queued: 0, errors: 3 });
    expect(body.email).toEqual({ queued: 0, errors: 0 });
    const email = (await send([noMail.id], 'email')).json();
    expect(email.errors).toEqual([
      {
        participant_id: noMail.id,
        error: 'This participant has no valid e-mail address.',
        channels: ['email'],
      },
    ]);
    // Nothing to send, but nothing dropped: each refusal is a failed message, never tried.
    const refused = await messagesOf(noMail.id);
    expect(refused.map((m) => [m.channel, m.status, m.attempts]).sort()).toEqual([
      ['email', 'failed_permanently', 0],
      ['sms', 'failed_permanently', 0],
    ]);
    expect(refused.find((m) => m.channel === 'email')?.lastError).toBe(
      'This participant has no valid e-mail address.',
    );
    expect(await statusOf(noMail.id)).toBe('failed');
    // 'both' sends an SMS only where a phone number exists.
    const both = (await send([ok.id, noPhone.id], 'both')).json();
    expect(both.success_count).toBe(2);
    await settled();
    const channels = (await messagesOf(ok.id)).map((m) => m.channel).sort();
    expect(channels).toEqual(['email', 'sms']);
    expect((await messagesOf(noPhone.id)).filter((m) => m.attempts > 0).map((m) => m.channel)).toEqual([
      'email',
    ]);
    const sms = (await messagesOf(ok.id)).find((m) => m.channel === 'sms');
    expect(sms?.recipient).toBe('+250788123456');
    expect(sms?.status).toBe('sent');
    const mailbox = await t.request({
      method: 'GET',
      url: '/api/mailbox/?recipient=%2B250788123456',
      headers: bearer(staff),
    });
    expect(mailbox.json().results[0].body).toContain('unique code');
  });

  it('the Messages list shows the start of an SMS where an e-mail has its subject, never its link', async () => {
    const p = await person({ phone: '+250788123457' });
    await send([p.id], 'both');
    await settled();
    const list = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/messages/`,
      headers: bearer(staff),
    });
    const mine = (list.json().results as TOutgoingMessage[]).filter((m) => m.participant_id === p.id);
    const sms = mine.find((m) => m.channel === 'sms');
    const mail = mine.find((m) => m.channel === 'email');
    expect(sms?.subject).toBe('');
    expect(sms?.preview).toContain(t.seed.event.eventCode);
    expect(sms?.preview.length).toBeLessThanOrEqual(120);
    expect(sms?.preview).not.toMatch(/auto-login\?token=/);
    expect(mail?.subject).toContain('your login details');
    expect(mail?.preview).toBe('');
  });

  it('retries a deferred address later, fails a refused one at once, and staff can retry', async () => {
    const deferred = await person();
    const refused = await person();
    sink.answer = (to) => (to === deferred.email ? 'defer' : to === refused.email ? 'refuse' : 'accept');
    await send([deferred.id, refused.id]);
    await settled();
    const [d] = await messagesOf(deferred.id);
    const [r] = await messagesOf(refused.id);
    expect(d).toMatchObject({ status: 'retry_scheduled', attempts: 1 });
    expect(d?.lastError).toContain('451');
    expect(d?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(r).toMatchObject({ status: 'failed_permanently', attempts: 1 });
    expect(r?.lastError).toContain('550');
    expect(await statusOf(refused.id)).toBe('failed');
    expect(await statusOf(deferred.id)).toBe('queued');

    const stats = (
      await t.request({
        method: 'GET',
        url: '/api/accounts/admin/failed-emails/stats/',
        headers: bearer(staff),
      })
    ).json() as TFailedEmailStats;
    // The e-mail refused when queued in the test above (no valid address) counts as failed too.
    expect(stats).toMatchObject({
      retry_scheduled: 1,
      failed_permanently: 2,
      ready_for_retry: 0,
      total_failed: 3,
    });
    expect(stats.next_retries).toEqual([
      { email: deferred.email, next_attempt_at: d?.nextAttemptAt.toISOString() },
    ]);
    expect(stats.next_retry_times[0]?.participant_email).toBe(deferred.email);

    // Retry Now takes only those whose retry is due: none yet.
    const now = await t.request({
      method: 'POST',
      url: '/api/accounts/admin/failed-emails/retry/',
      headers: bearer(staff),
    });
    expect(now.json().results).toMatchObject({ total_retried: 0, total_successful: 0, total_failed: 0 });

    sink.answer = () => 'accept';
    const force = await t.request({
      method: 'POST',
      url: '/api/accounts/admin/failed-emails/force-retry/',
      headers: bearer(staff),
    });
    // Not the refused ones, whose addresses are still unusable: only the two that were tried.
    expect(force.json().results).toMatchObject({ total_retried: 2, total_successful: 2, total_failed: 0 });
    expect(await statusOf(refused.id)).toBe('sent');
    expect(await statusOf(deferred.id)).toBe('sent');
    expect(sink.received.filter((m) => m.to === refused.email)).toHaveLength(1);
  });

  it('takes over a message whose sender died mid-send once the lease runs out', async () => {
    const p = await person();
    await t.database.db.insert(outgoingMessages).values({
      eventId,
      participantId: p.id,
      channel: 'email',
      recipient: p.email,
      body: '',
      status: 'sending',
      attempts: 1,
      leaseUntil: new Date(Date.now() - 1000),
    });
    t.app.outbox?.wake();
    await settled();
    const [m] = await messagesOf(p.id);
    expect(m).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sink.received.filter((r) => r.to === p.email)).toHaveLength(1);
  });

  it('gives back the messages it claimed but had not started when it stops, for another process', async () => {
    const app = await createTestApp(
      { smtpUrl, outboxConcurrency: 1 },
      { jobs: true, outboxOptions: { pollMs: 60_000, batch: 4 } },
    );
    sink.delayMs = 500;
    try {
      const people = app.seed.participants;
      await app.database.db.insert(outgoingMessages).values(
        [0, 1, 2, 3].map((i) => ({
          eventId: app.seed.event.id,
          participantId: people[i % 2]?.id ?? 0,
          channel: 'email' as const,
          recipient: `stop${i}@example.org`,
          body: '',
        })),
      );
      const rows = () =>
        app.database.db
          .select()
          .from(outgoingMessages)
          .where(eq(outgoingMessages.eventId, app.seed.event.id));
      const startedBefore = sink.started;
      app.app.outbox?.wake();
      await expect.poll(async () => (await rows()).filter((r) => r.status === 'sending').length).toBe(4);
      // The first one on its way to the mail server (claimed is not yet started: stopped before
      // that, all four would rightly go back).
      await expect.poll(() => sink.started - startedBefore).toBe(1);
      // SIGTERM closes the app: the message being sent finishes, the three waiting go back.
      await app.app.close();
      const after = await rows();
      expect(after.filter((r) => r.status === 'sent')).toHaveLength(1);
      const back = after.filter((r) => r.status === 'pending');
      expect(back).toHaveLength(3);
      for (const m of back) expect(m).toMatchObject({ attempts: 0, leaseUntil: null });
    } finally {
      sink.delayMs = 0;
      await app.database.close();
    }
  });

  it('backs off exponentially with jitter, capped at an hour', () => {
    expect(backoffMs(1, () => 0.5)).toBe(30_000);
    expect(backoffMs(2, () => 0.5)).toBe(60_000);
    expect(backoffMs(4, () => 0)).toBe(192_000);
    expect(backoffMs(20, () => 1)).toBe(4_320_000);
  });
});

describe('a retry goes where the participant can be reached now', () => {
  const retryOne = (messageId: number) =>
    t.request({
      method: 'POST',
      url: `/api/events/${eventId}/messages/${messageId}/retry/`,
      headers: bearer(staff),
    });

  function linkIn(raw: string): string | undefined {
    return /auto-login\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
  }

  it('Retry and Force Retry send to the corrected e-mail address, with a fresh link and the current code', async () => {
    const a = await person({ email: 'amina@exampel.org' });
    const b = await person({ email: 'bosco@exampel.org' });
    sink.answer = (to) => (to.endsWith('@exampel.org') ? 'refuse' : 'accept');
    await send([a.id, b.id]);
    await settled();
    const [failedA] = await messagesOf(a.id);
    const [failedB] = await messagesOf(b.id);
    expect(failedA).toMatchObject({ status: 'failed_permanently', recipient: 'amina@exampel.org' });
    expect(failedB?.status).toBe('failed_permanently');
    for (const [p, email] of [
      [a, 'amina@example.org'],
      [b, 'bosco@example.org'],
    ] as const) {
      const fixed = await t.request({
        method: 'PATCH',
        url: `/api/events/${eventId}/participants/${p.id}/`,
        headers: bearer(staff),
        payload: { email },
      });
      expect(fixed.statusCode).toBe(200);
    }

    // Retry on the Messages view (one message), then Force Retry (every failed one).
    expect((await retryOne(failedA?.id ?? 0)).json().results).toMatchObject({ total_successful: 1 });
    const force = await t.request({
      method: 'POST',
      url: '/api/accounts/admin/failed-emails/force-retry/',
      headers: bearer(staff),
    });
    expect(force.statusCode).toBe(200);
    await settled();
    for (const [p, email] of [
      [a, 'amina@example.org'],
      [b, 'bosco@example.org'],
    ] as const) {
      const [m] = await messagesOf(p.id);
      expect(m).toMatchObject({ status: 'sent', recipient: email });
      expect(await statusOf(p.id)).toBe('sent');
      const mails = sink.received.filter((r) => r.to === email);
      expect(mails).toHaveLength(1);
      const raw = qp(mails[0]?.raw ?? '');
      expect(raw).toContain(p.uniqueCode);
      const login = await t.request({
        method: 'POST',
        url: '/api/auth/one-click-login/',
        payload: { token: linkIn(raw) },
      });
      expect(login.json().participant?.id).toBe(p.id);
    }
    expect(sink.received.filter((r) => r.to.endsWith('@exampel.org'))).toHaveLength(0);
  });

  it('an automatic retry goes to the corrected address', async () => {
    const p = await person({ email: 'jean@exampel.org' });
    sink.answer = (to) => (to.endsWith('@exampel.org') ? 'defer' : 'accept');
    await send([p.id]);
    await settled();
    const [deferred] = await messagesOf(p.id);
    expect(deferred).toMatchObject({ status: 'retry_scheduled', recipient: 'jean@exampel.org' });
    await t.database.db
      .update(participants)
      .set({ email: 'jean@example.org' })
      .where(eq(participants.id, p.id));
    // The backoff runs out; the worker takes the message up on its own.
    await t.database.db
      .update(outgoingMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outgoingMessages.id, deferred?.id ?? 0));
    t.app.outbox?.wake();
    await settled();
    const [m] = await messagesOf(p.id);
    expect(m).toMatchObject({ status: 'sent', recipient: 'jean@example.org', attempts: 2 });
    expect(sink.received.filter((r) => r.to === 'jean@example.org')).toHaveLength(1);
    expect(sink.received.filter((r) => r.to === 'jean@exampel.org')).toHaveLength(0);
  });

  it('an SMS retry goes to the current phone number', async () => {
    const p = await person({ phone: '+250788000111' });
    const [row] = await t.database.db
      .insert(outgoingMessages)
      .values({
        eventId,
        participantId: p.id,
        channel: 'sms',
        recipient: '+250788000111',
        body: '',
        status: 'failed_permanently',
        attempts: 5,
        lastError: 'Unknown subscriber',
      })
      .returning();
    await t.database.db
      .update(participants)
      .set({ phone: '+250 788 999 222' })
      .where(eq(participants.id, p.id));
    expect((await retryOne(row?.id ?? 0)).json().results).toMatchObject({ total_successful: 1 });
    const [m] = await messagesOf(p.id);
    expect(m).toMatchObject({ status: 'sent', recipient: '+250788999222' });
    const mailbox = async (to: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/mailbox/?recipient=${encodeURIComponent(to)}`,
          headers: bearer(staff),
        })
      ).json().results as { body: string }[];
    expect((await mailbox('+250788999222'))[0]?.body).toContain(p.uniqueCode);
    expect(await mailbox('+250788000111')).toEqual([]);
  });

  it('is cancelled when the participant has no e-mail address or phone number any more', async () => {
    const noMail = await person({ email: 'gone@exampel.org' });
    const noPhone = await person({ phone: '+250788000333' });
    sink.answer = (to) => (to.endsWith('@exampel.org') ? 'refuse' : 'accept');
    await send([noMail.id]);
    await settled();
    const [mail] = await messagesOf(noMail.id);
    expect(mail?.status).toBe('failed_permanently');
    const [sms] = await t.database.db
      .insert(outgoingMessages)
      .values({
        eventId,
        participantId: noPhone.id,
        channel: 'sms',
        recipient: '+250788000333',
        body: '',
        status: 'retry_scheduled',
        attempts: 1,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await t.database.db.update(participants).set({ email: '' }).where(eq(participants.id, noMail.id));
    await t.database.db.update(participants).set({ phone: '' }).where(eq(participants.id, noPhone.id));
    const received = sink.received.length;
    for (const m of [mail, sms]) expect((await retryOne(m?.id ?? 0)).statusCode).toBe(200);
    const [cancelledMail] = await messagesOf(noMail.id);
    const [cancelledSms] = await messagesOf(noPhone.id);
    expect(cancelledMail).toMatchObject({
      status: 'cancelled',
      recipient: 'gone@exampel.org',
      lastError: 'This participant has no valid e-mail address.',
      leaseUntil: null,
    });
    expect(cancelledSms).toMatchObject({
      status: 'cancelled',
      lastError: 'This participant has no phone number.',
    });
    expect(sink.received.length).toBe(received);
    // No sign-in link was left live for a message that went nowhere.
    const links = await t.database.db
      .select()
      .from(loginLinks)
      .where(inArray(loginLinks.participantId, [noMail.id, noPhone.id]));
    expect(links.filter((l) => l.revokedAt === null)).toEqual([]);
    expect(await statusOf(noMail.id)).toBe('failed');
    // Cancelled is shown as such, and Force Retry leaves it alone.
    const list = await t.request({
      method: 'GET',
      url: `/api/events/${eventId}/messages/?status=cancelled`,
      headers: bearer(staff),
    });
    expect(list.statusCode).toBe(200);
    expect((list.json().results as TOutgoingMessage[]).map((m) => m.id).sort()).toEqual(
      [cancelledMail?.id, cancelledSms?.id].sort(),
    );
    await t.request({
      method: 'POST',
      url: '/api/accounts/admin/failed-emails/force-retry/',
      headers: bearer(staff),
    });
    expect((await messagesOf(noMail.id))[0]?.status).toBe('cancelled');
  });
});

describe('SMS', () => {
  it('cuts a long name to fit the encoding the text really takes, keeping its letters', () => {
    const facts = {
      fullName: 'Zoë',
      eventName: 'Atelier régional de santé – Ngoma ✓ '.repeat(4),
      startDate: new Date(),
      endDate: new Date(),
      timeZone: 'UTC',
      location: '',
      eventCode: 'ABC123',
      uniqueCode: 'ABCD2345',
      link: `https://attend.example.org/auto-login?token=${'x'.repeat(22)}&event_id=12`,
      loginUrl: '',
      language: 'en' as const,
    };
    // ✓ is not GSM-7: UCS-2 with the real characters, within three segments; the dash made plain.
    const text = loginSms(facts);
    expect(smsSegments(text)).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    expect(text).toMatch(/^Atelier régional de santé - Ngoma ✓ .*\.\.\.: Event code ABC123/);
    expect(text).toContain('ABCD2345');
    expect(text).toContain(facts.link);
    // A name all in GSM-7 is cut to two GSM-7 segments.
    const gsm = loginSms({ ...facts, eventName: 'Atelier régional de santé – Ngoma '.repeat(8) });
    expect(smsSegments(gsm)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(gsm).toMatch(/^Atelier régional de santé - Ngoma .*\.\.\.: Event code/);
    expect(smsSegments('Привет').encoding).toBe('UCS-2');
  });

  type Seen = { url: string; headers: IncomingMessage['headers']; body: string };
  async function fakeProvider(
    answer: (seen: Seen) => { status: number; body: unknown; headers?: Record<string, string> },
  ) {
    const seen: Seen[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const s = { url: req.url ?? '', headers: req.headers, body };
        seen.push(s);
        const a = answer(s);
        res.writeHead(a.status, { 'Content-Type': 'application/json', ...a.headers });
        res.end(JSON.stringify(a.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("sends through Twilio's Messages resource, and honours 429 Retry-After and a 400 refusal", async () => {
    let mode: 'ok' | 'busy' | 'bad' = 'ok';
    const twilio = await fakeProvider((s) => {
      const auth = Buffer.from('AC123:secret-token').toString('base64');
      if (
        s.url !== '/2010-04-01/Accounts/AC123/Messages.json' ||
        s.headers.authorization !== `Basic ${auth}`
      ) {
        return { status: 401, body: { message: 'Authenticate' } };
      }
      if (mode === 'busy')
        return { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '120' } };
      if (mode === 'bad')
        return { status: 400, body: { code: 21211, message: "The 'To' number is not valid." } };
      return { status: 201, body: { sid: 'SM0001' } };
    });
    const c = await createTestApp(
      {
        smsProvider: 'twilio',
        twilio: { accountSid: 'AC123', authToken: 'secret-token', from: '+15005550006', apiUrl: twilio.url },
      },
      { jobs: true, outboxOptions: { pollMs: 200 } },
    );
    try {
      const token = await c.staffToken();
      const withPhone = c.seed.participants.find((p) => p.fullName === 'Amina Uwase');
      const id = withPhone?.id ?? 0;
      expect((await send([id], 'sms', c, token)).json().success_count).toBe(1);
      await c.app.outbox?.idle();
      const form = new URLSearchParams(twilio.seen[0]?.body);
      expect(twilio.seen[0]?.headers['content-type']).toContain('application/x-www-form-urlencoded');
      expect(form.get('To')).toBe('+250788000001');
      expect(form.get('From')).toBe('+15005550006');
      expect(form.get('Body')).toContain('unique code');
      const rows = () =>
        c.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.participantId, id));
      expect((await rows())[0]).toMatchObject({
        status: 'sent',
        transport: 'twilio',
        providerMessageId: 'SM0001',
      });

      mode = 'busy';
      await send([id], 'sms', c, token);
      await c.app.outbox?.idle();
      const busy = (await rows()).find((r) => r.status !== 'sent');
      expect(busy?.status).toBe('retry_scheduled');
      expect(busy?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 110_000);

      mode = 'bad';
      await c.database.db
        .update(outgoingMessages)
        .set({ nextAttemptAt: new Date() })
        .where(eq(outgoingMessages.status, 'retry_scheduled'));
      c.app.outbox?.wake();
      await c.app.outbox?.idle();
      const bad = (await rows()).find((r) => r.id === busy?.id);
      expect(bad?.status).toBe('failed_permanently');
      expect(bad?.lastError).toContain('not valid');
    } finally {
      await c.close();
      await twilio.close();
    }
  });

  it("sends through Africa's Talking with its apiKey, and tells permanent from temporary refusals", async () => {
    let status = 101;
    let http = 201;
    const at = await fakeProvider((s) => {
      if (s.headers.apikey !== 'at-key')
        return { status: 401, body: 'The supplied authentication is invalid' };
      const body = JSON.parse(s.body) as { username: string; phoneNumbers: string[]; message: string };
      if (body.username !== 'sandbox') return { status: 401, body: 'bad user' };
      if (http >= 500) return { status: http, body: 'down' };
      return {
        status: http,
        body: {
          SMSMessageData: {
            Recipients: [
              {
                statusCode: status,
                number: body.phoneNumbers[0],
                status: status === 101 ? 'Success' : 'InvalidPhoneNumber',
                messageId: 'ATXid_1',
              },
            ],
          },
        },
      };
    });
    const c = await createTestApp(
      {
        smsProvider: 'africastalking',
        africasTalking: { username: 'sandbox', apiKey: 'at-key', senderId: 'ATTEND', apiUrl: at.url },
      },
      { jobs: true, outboxOptions: { pollMs: 200 } },
    );
    try {
      const token = await c.staffToken();
      const id = c.seed.participants.find((p) => p.fullName === 'Amina Uwase')?.id ?? 0;
      const rows = async () =>
        (
          await c.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.participantId, id))
        ).sort((a, b) => a.id - b.id);
      await send([id], 'sms', c, token);
      await c.app.outbox?.idle();
      expect(JSON.parse(at.seen[0]?.body ?? '{}')).toMatchObject({
        senderId: 'ATTEND',
        phoneNumbers: ['+250788000001'],
      });
      expect((await rows())[0]).toMatchObject({
        status: 'sent',
        transport: 'africastalking',
        providerMessageId: 'ATXid_1',
      });

      status = 403;
      await send([id], 'sms', c, token);
      await c.app.outbox?.idle();
      expect((await rows())[1]).toMatchObject({ status: 'failed_permanently' });

      http = 503;
      await send([id], 'sms', c, token);
      await c.app.outbox?.idle();
      expect((await rows())[2]).toMatchObject({ status: 'retry_scheduled' });
    } finally {
      await c.close();
      await at.close();
    }
  });
});

describe('who may send', () => {
  it('participants and scanners cannot send or read messages', async () => {
    const participant = await t.participantToken(0);
    for (const [method, url] of [
      ['POST', `/api/events/${eventId}/participants/send_notifications/`],
      ['GET', '/api/accounts/admin/failed-emails/stats/'],
      ['POST', '/api/accounts/admin/failed-emails/force-retry/'],
      ['GET', '/api/mailbox/'],
      ['GET', `/api/events/${eventId}/messages/`],
      ['GET', '/api/dashboard/activity/'],
    ] as const) {
      const res = await t.request({
        method,
        url,
        headers: bearer(participant),
        payload: { participant_ids: [1] },
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('a message of another event is not found under this one', async () => {
    const c = await createTestApp();
    try {
      const token = await c.staffToken();
      const res = await c.request({
        method: 'POST',
        url: `/api/events/${c.seed.event.id}/messages/999999/retry/`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(404);
      const activity = await c.request({
        method: 'GET',
        url: '/api/dashboard/activity/',
        headers: bearer(token),
      });
      expect(activity.json().days).toHaveLength(14);
      expect(activity.json().recent_events[0]).toMatchObject({ id: c.seed.event.id, participants: 2 });
    } finally {
      await c.close();
    }
  });
});
