import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { Admission, listingLimit } from './lib/admission';
import { TokenService } from './lib/tokens';
import authPlugin from './plugins/auth';
import docsPlugin from './plugins/docs';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import securityPlugin from './plugins/security';
import staticPlugin, { inlineScriptSources } from './plugins/static';
import { accountRoutes } from './routes/accounts';
import { activityRoutes } from './routes/activity';
import { attendanceRoutes } from './routes/attendance';
import { authRoutes } from './routes/auth';
import { badgeRoutes } from './routes/badges';
import { calendarRoutes } from './routes/calendar';
import { certificateRoutes } from './routes/certificates';
import { checkInRoutes } from './routes/check-in';
import { eventRoutes } from './routes/events';
import { participantRoutes } from './routes/participants';
import { loginLinkRoutes } from './routes/participants/login-links';
import { publicRoutes } from './routes/public';
import { sessionRoutes } from './routes/sessions';
import { createQrUrlFor, type QrUrlFor } from './services/qr/qr-url';
import { QrKeys } from './services/qr/event-keys';
import { SignInChallenges } from './services/auth/sign-in-challenge';
import { RevokedSessions } from './services/auth/revoked-sessions';
import { AccountCache } from './services/auth/account-cache';
import { openVerifyCache, type VerifyCache } from './services/certificates/verify-certificate';
import { jobDeps } from './jobs/job-deps';
import { startOutboxWorker, type OutboxOptions, type OutboxWorker } from './jobs/outbox-worker';
import { createTransports } from './services/notifications/transports';
import { notificationRoutes } from './routes/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    qrUrlFor: QrUrlFor;
    /** The events' QR signing keys, sealed at rest under SECRET_KEY. */
    qrKeys: QrKeys;
    /** Sign-ins ended lately, whose access tokens are refused. */
    revokedSessions: RevokedSessions;
    /** GET /api/accounts/me/ answers, on the embedded database only (null on PostgreSQL). */
    accountCache: AccountCache | null;
    /** GET /api/verify/{id}/ answers, on the embedded database only (null on PostgreSQL). */
    verifyCache: VerifyCache | null;
    /** The outbox worker of this process, when the app runs its background jobs. */
    outbox: OutboxWorker | null;
    /** The proofs of work sign-in asks for past a few failures. */
    challenges: SignInChallenges;
    /** Participant listings admitted a few at a time on PostgreSQL (see lib/admission.ts). */
    listings: Admission;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Start the outbox worker (the server does; most tests do not). */
  jobs?: boolean;
  /** Outbox timing, for tests. */
  outboxOptions?: OutboxOptions;
  /** How many participant listings run at once (null: no limit); by default listingLimit's. */
  listingConcurrency?: number | null;
};

/** Builds the whole application (API and, when built, the web app) on an open database. */
export async function buildApp({
  config,
  database,
  logger = false,
  jobs = false,
  outboxOptions,
  listingConcurrency = listingLimit(database.kind),
}: BuildOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    // A person who pastes a long id into a URL expects the answer any other bad id gets (400, "Each id
    // must be…"), not the router's 414: the route's own schema judges every segment up to 2048
    // characters (our longest real one is 64). Past that, and for paths that are not valid URLs,
    // frameworkErrors still answers with {detail, code}.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    frameworkErrors,
    bodyLimit: 1024 * 1024,
    // N hops as proxy-addr reads a number: the socket's peer and the next N-1 entries are proxies.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  // Signed, expiring URLs of the participant's QR image (null until attendance is confirmed).
  app.decorate('qrUrlFor', createQrUrlFor(config.secretKey, config.publicUrl));
  app.decorate('qrKeys', new QrKeys(config.secretKey));
  app.decorate('challenges', new SignInChallenges(config.secretKey));
  app.decorate('outbox', null);
  app.decorate('listings', new Admission(listingConcurrency));
  if (jobs) {
    const deps = jobDeps(database.db, config, app.log);
    const outbox = startOutboxWorker(
      { ...deps, transports: createTransports(config, database.db, app.log), listen: database.listen },
      outboxOptions,
    );
    app.outbox = outbox;
    app.addHook('onClose', () => outbox.stop());
  }

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, {
    secureCookies: config.publicUrl.startsWith('https://'),
    inlineScripts: config.webDist ? inlineScriptSources(config.webDist) : [],
  });
  const revokedSessions = new RevokedSessions(database.db);
  app.decorate('revokedSessions', revokedSessions);
  app.addHook('onReady', () => revokedSessions.start());
  app.addHook('onClose', () => revokedSessions.stop());
  await app.register(authPlugin, { tokens: new TokenService(config.secretKey), revokedSessions });
  const accountCache = await AccountCache.open(database);
  app.decorate('accountCache', accountCache?.cache ?? null);
  // The database may be closed first (its own shutdown ends every LISTEN): nothing left to stop.
  if (accountCache) app.addHook('onClose', () => accountCache.close().catch(() => undefined));
  const verifyCache = await openVerifyCache(database);
  app.decorate('verifyCache', verifyCache?.cache ?? null);
  if (verifyCache) app.addHook('onClose', () => verifyCache.close().catch(() => undefined));
  await app.register(docsPlugin);

  await app.register(
    async (api) => {
      await api.register(publicRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(loginLinkRoutes);
      await api.register(participantRoutes);
      await api.register(attendanceRoutes);
      await api.register(eventRoutes);
      await api.register(sessionRoutes);
      await api.register(calendarRoutes);
      await api.register(checkInRoutes);
      await api.register(badgeRoutes);
      await api.register(notificationRoutes);
      await api.register(activityRoutes);
      await api.register(certificateRoutes);
    },
    { prefix: '/api' },
  );

  if (config.webDist) await app.register(staticPlugin, { root: config.webDist });
  return app;
}
