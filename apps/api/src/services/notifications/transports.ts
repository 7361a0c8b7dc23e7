import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../../lib/load-on-use';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { devMailbox } from '../../db/schema';

/** Who accepted a message, and its id there. */
export type Delivery = { transport: string; providerMessageId?: string };

/**
 * A refused or failed send. Temporary failures (SMTP 4xx, lost connections, HTTP 429/5xx) are
 * retried; permanent ones (SMTP 5xx such as an unknown mailbox, HTTP 4xx such as an invalid number)
 * are not.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The provider's Retry-After, when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export type Email = { to: string; subject: string; html: string; text: string };

export type Transports = {
  email: (message: Email, messageId: number) => Promise<Delivery>;
  sms: (to: string, text: string, messageId: number) => Promise<Delivery>;
  /** Closes pooled connections. */
  close: () => void;
};

/** SMTP replies carry a code; anything without one (refused, reset, timed out) is temporary. */
function smtpFailure(err: unknown): SendError {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = (e.response ?? e.message ?? String(err)).slice(0, 500);
  if (typeof e.responseCode === 'number') return new SendError(`SMTP ${text}`, e.responseCode >= 500);
  return new SendError(`${e.code ?? 'connection'}: ${text}`, false);
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Posts to an SMS provider; 429 and 5xx are temporary (with Retry-After), other 4xx permanent. */
async function providerPost(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new SendError(`provider unreachable: ${err instanceof Error ? err.message : String(err)}`, false);
  }
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: keep the text for the error message
  }
  if (res.status === 429 || res.status >= 500) {
    throw new SendError(
      `provider ${res.status}: ${text.slice(0, 300)}`,
      false,
      retryAfter(res.headers.get('retry-after')),
    );
  }
  if (res.status >= 400) throw new SendError(`provider ${res.status}: ${text.slice(0, 300)}`, true);
  return { status: res.status, body };
}

async function twilioSms(config: Config['twilio'], to: string, text: string): Promise<Delivery> {
  const sid = config.accountSid ?? '';
  const auth = Buffer.from(`${sid}:${config.authToken ?? ''}`).toString('base64');
  const { body } = await providerPost(
    `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
    {
      method: 'POST',
      headers: {
        Authorization: `Basic ${auth}`,
        // The text as UTF-8, percent-encoded: Twilio picks GSM-7 or UCS-2 from the letters.
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      },
      body: new URLSearchParams({ To: to, From: config.from ?? '', Body: text }).toString(),
    },
  );
  const messageSid = (body as { sid?: unknown }).sid;
  return { transport: 'twilio', providerMessageId: typeof messageSid === 'string' ? messageSid : undefined };
}

// Africa's Talking per-recipient status codes: 100-102 accepted; 500-502 their side (retry); the
// rest (invalid number, blacklisted, no balance…) will not succeed by retrying.
const AT_ACCEPTED = new Set([100, 101, 102]);
const AT_TEMPORARY = new Set([500, 501, 502]);

async function africasTalkingSms(
  config: Config['africasTalking'],
  to: string,
  text: string,
): Promise<Delivery> {
  const { body } = await providerPost(config.apiUrl, {
    method: 'POST',
    headers: {
      apiKey: config.apiKey ?? '',
      Accept: 'application/json',
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({
      username: config.username,
      message: text,
      phoneNumbers: [to],
      ...(config.senderId ? { senderId: config.senderId } : {}),
    }),
  });
  const recipient = (
    body as {
      SMSMessageData?: { Recipients?: { statusCode?: number; status?: string; messageId?: string }[] };
    }
  ).SMSMessageData?.Recipients?.[0];
  if (!recipient || typeof recipient.statusCode !== 'number') {
    throw new SendError(`Africa's Talking: unexpected answer ${JSON.stringify(body).slice(0, 200)}`, false);
  }
  if (AT_ACCEPTED.has(recipient.statusCode))
    return { transport: 'africastalking', providerMessageId: recipient.messageId };
  throw new SendError(
    `Africa's Talking ${recipient.statusCode}: ${recipient.status ?? 'refused'}`,
    !AT_TEMPORARY.has(recipient.statusCode),
  );
}

/**
 * The configured senders: SMTP (pooled) or the built-in dev mailbox for e-mail; Twilio, Africa's
 * Talking or the log (and dev mailbox) for SMS.
 */
export function createTransports(
  config: Config,
  db: DbOrTx,
  log: { info: (obj: unknown, msg: string) => void },
): Transports {
  const toMailbox = async (
    messageId: number,
    m: { channel: 'email' | 'sms'; to: string; subject: string; body: string; html: string | null },
    transport: string,
  ): Promise<Delivery> => {
    const [row] = await db
      .insert(devMailbox)
      .values({
        messageId,
        channel: m.channel,
        recipient: m.to,
        subject: m.subject,
        body: m.body,
        html: m.html,
      })
      .returning({ id: devMailbox.id });
    return { transport, providerMessageId: row ? `mailbox-${row.id}` : undefined };
  };

  // The SMTP pool, made (and nodemailer loaded) by the first e-mail sent.
  const smtpUrl = config.smtpUrl;
  let smtp: Promise<Transporter> | undefined;
  const smtpTransport = (url: string) =>
    (smtp ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: Math.min(config.outboxConcurrency, 5),
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      }),
    ));

  return {
    async email(message, messageId) {
      if (!smtpUrl) {
        return toMailbox(
          messageId,
          {
            channel: 'email',
            to: message.to,
            subject: message.subject,
            body: message.text,
            html: message.html,
          },
          'dev_mailbox',
        );
      }
      try {
        const transport = await smtpTransport(smtpUrl);
        const info = (await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })) as { messageId?: string; rejected?: unknown[] };
        if (info.rejected?.length) throw new SendError('SMTP recipient rejected', true);
        return { transport: 'smtp', providerMessageId: info.messageId };
      } catch (err) {
        throw err instanceof SendError ? err : smtpFailure(err);
      }
    },
    async sms(to, text, messageId) {
      if (config.smsProvider === 'twilio') return twilioSms(config.twilio, to, text);
      if (config.smsProvider === 'africastalking') return africasTalkingSms(config.africasTalking, to, text);
      log.info({ to, text }, 'SMS (SMS_PROVIDER=log)');
      return toMailbox(messageId, { channel: 'sms', to, subject: '', body: text, html: null }, 'log');
    },
    close() {
      void smtp?.then((transport) => transport.close());
    },
  };
}
