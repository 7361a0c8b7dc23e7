import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Attend <no-reply@localhost>'),
  SMS_PROVIDER: z.enum(['twilio', 'africastalking', 'log']).default('log'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  AT_USERNAME: z.string().optional(),
  AT_API_KEY: z.string().optional(),
  AT_SENDER_ID: z.string().optional(),
  AT_API_URL: z.url().default('https://api.africastalking.com/version1/messaging/bulk'),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx): TrustProxy => {
      if (v === '' || v === '0') return false;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const entries = v.split(',').map((a) => a.trim());
      if (entries.every((a) => isIP(a.split('/')[0] ?? '') !== 0 && /^[^/]+(\/\d{1,3})?$/.test(a))) {
        return entries.join(',');
      }
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY must be the number of proxies in front of the server (1 for one) or their addresses (10.0.0.5,10.0.0.0/8).',
      });
      return z.NEVER;
    }),
  LANDING_STATS: z
    .string()
    .trim()
    .default('live')
    .pipe(
      z.enum(['live', 'fixed', 'hidden'], {
        error:
          'LANDING_STATS must be live (counted from the database), fixed (the figures in LANDING_STATS_FIGURES) or hidden.',
      }),
    ),
  LANDING_STATS_FIGURES: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): LandingFigures | undefined => {
      if (v === undefined || v === '') return undefined;
      const parts = v.split(',').map((p) => p.trim());
      const [events, attendees, rate] = parts.map(Number);
      if (
        parts.length === 3 &&
        parts.every((p) => /^\d{1,9}$/.test(p)) &&
        events !== undefined &&
        attendees !== undefined &&
        rate !== undefined &&
        rate <= 100
      ) {
        return { eventsCreated: events, participantsManaged: attendees, checkInSuccessRate: rate };
      }
      ctx.addIssue({
        code: 'custom',
        message:
          'LANDING_STATS_FIGURES must be three whole numbers separated by commas: events created, attendees managed and the check-in success rate from 0 to 100 (1000,500000,98).',
      });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For): none, the
 * nearest N hops (1: one proxy; the client address is the entry that proxy added), or those
 * addresses / CIDR ranges. Never every hop: the left-most entry is whatever the client wrote.
 */
export type TrustProxy = false | number | string;

/** The landing page's 'Platform Impact' figures when the operator fixes them. */
export type LandingFigures = {
  eventsCreated: number;
  participantsManaged: number;
  checkInSuccessRate: number;
};

/**
 * What the landing page's 'Platform Impact' section shows: counts from the database, figures the
 * operator chose, or nothing (a self-hosted install need not tell visitors its size).
 */
export type LandingStats = { mode: 'live' } | { mode: 'hidden' } | ({ mode: 'fixed' } & LandingFigures);

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProvider: 'twilio' | 'africastalking' | 'log';
  twilio: { accountSid?: string; authToken?: string; from?: string; apiUrl: string };
  africasTalking: { username?: string; apiKey?: string; senderId?: string; apiUrl: string };
  /** How many messages one process sends at once. */
  outboxConcurrency: number;
  /** How long a process's claim on a message lasts before another may take it over. */
  outboxLeaseSeconds: number;
  /** Participant imports one process runs at once; more are refused with 503 and Retry-After. */
  importConcurrency: number;
  /** Server processes `npm start` runs (node:cluster); more than one needs PostgreSQL. */
  webConcurrency: number;
  secretKey: string;
  trustProxy: TrustProxy;
  logLevel: string;
  landingStats: LandingStats;
  /** Path of the built web app, or null to serve the API only. */
  webDist: string | null;
};

/** Where the secret is kept when SECRET_KEY is not set. */
export function secretKeyFile(dataDir: string): string {
  return path.join(dataDir, 'secret_key');
}

/** Reads the secret from DATA_DIR, creating it on first use so restarts keep tokens valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = secretKeyFile(dataDir);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const missing = (names: [string, string | undefined][]) => names.filter(([, v]) => !v).map(([n]) => n);
  const needed =
    e.SMS_PROVIDER === 'twilio'
      ? missing([
          ['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID],
          ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN],
          ['TWILIO_FROM', e.TWILIO_FROM],
        ])
      : e.SMS_PROVIDER === 'africastalking'
        ? missing([
            ['AT_USERNAME', e.AT_USERNAME],
            ['AT_API_KEY', e.AT_API_KEY],
          ])
        : [];
  if (needed.length) {
    throw new Error(`Invalid environment:\n  SMS_PROVIDER=${e.SMS_PROVIDER} needs ${needed.join(', ')}`);
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new Error(
      `Invalid environment:\n  WEB_CONCURRENCY=${e.WEB_CONCURRENCY} runs several server processes, which share a PostgreSQL server (set DATABASE_URL); the embedded database belongs to one process.`,
    );
  }
  if (e.SMTP_URL && !/^smtps?:\/\//.test(e.SMTP_URL)) {
    throw new Error('Invalid environment:\n  SMTP_URL must start with smtp:// or smtps://');
  }
  if (e.LANDING_STATS === 'fixed' && !e.LANDING_STATS_FIGURES) {
    throw new Error(
      'Invalid environment:\n  LANDING_STATS=fixed needs LANDING_STATS_FIGURES: events created, attendees managed and the check-in success rate (1000,500000,98).',
    );
  }
  if (e.LANDING_STATS !== 'fixed' && e.LANDING_STATS_FIGURES) {
    throw new Error(
      `Invalid environment:\n  LANDING_STATS_FIGURES is used only with LANDING_STATS=fixed (LANDING_STATS is ${e.LANDING_STATS}).`,
    );
  }
  const landingStats: LandingStats =
    e.LANDING_STATS === 'fixed' && e.LANDING_STATS_FIGURES
      ? { mode: 'fixed', ...e.LANDING_STATS_FIGURES }
      : { mode: e.LANDING_STATS === 'hidden' ? 'hidden' : 'live' };
  const dataDir = path.resolve(e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  return {
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    smsProvider: e.SMS_PROVIDER,
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
    },
    africasTalking: {
      username: e.AT_USERNAME,
      apiKey: e.AT_API_KEY,
      senderId: e.AT_SENDER_ID,
      apiUrl: e.AT_API_URL,
    },
    outboxConcurrency: e.OUTBOX_CONCURRENCY,
    outboxLeaseSeconds: e.OUTBOX_LEASE_SECONDS,
    importConcurrency: e.IMPORT_CONCURRENCY,
    webConcurrency: e.WEB_CONCURRENCY,
    secretKey: e.SECRET_KEY ?? overrides.secretKey ?? loadOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    landingStats,
    webDist: null,
    ...overrides,
  };
}
