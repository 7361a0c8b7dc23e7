/**
 * The mail server the browser journeys send to: a real SMTP server on loopback (smtp-server), and a
 * small HTTP control beside it for the journeys. Recipients whose local part starts with `bounce.`
 * are refused (550) and `defer.` deferred (451) until a journey asks for everything to be accepted.
 *
 *   GET  /messages?to=ADDRESS   the messages accepted for ADDRESS: [{to, raw}]
 *   POST /accept-all            accept every recipient from now on
 *   POST /make-due              (given) make every scheduled retry due now
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

type Received = { to: string; raw: string };

export type MailSink = { smtpUrl: string; close: () => Promise<void> };

export async function startMailSink(opts: {
  host: string;
  controlPort: number;
  makeDue: () => Promise<number>;
}): Promise<MailSink> {
  const received: Received[] = [];
  let acceptAll = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      const local = address.address.split('@')[0] ?? '';
      if (!acceptAll && local.startsWith('bounce.')) {
        return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      }
      if (!acceptAll && local.startsWith('defer.')) {
        return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const r of session.envelope.rcptTo) received.push({ to: r.address.toLowerCase(), raw });
        callback();
      });
    },
  });
  // A client that drops its connection is not a failure of the sink.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, opts.host, resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${opts.host}`);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/messages') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      return answer(
        200,
        received.filter((m) => m.to === to),
      );
    }
    if (req.method === 'POST' && url.pathname === '/accept-all') {
      acceptAll = true;
      return answer(200, { acceptAll });
    }
    if (req.method === 'POST' && url.pathname === '/make-due') {
      opts.makeDue().then(
        (n) => answer(200, { due: n }),
        (err: unknown) => answer(500, { error: String(err) }),
      );
      return;
    }
    answer(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => control.listen(opts.controlPort, opts.host, resolve));

  return {
    smtpUrl: `smtp://${opts.host}:${smtpPort}`,
    close: async () => {
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
