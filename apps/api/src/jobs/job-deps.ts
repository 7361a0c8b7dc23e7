import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createQrUrlFor, type QrUrlFor } from '../services/qr/qr-url';

/**
 * What a background job may use, handed over explicitly so a job can be started (and tested) alone,
 * without the Fastify app and its decorations.
 */
export type JobDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  qrUrlFor: QrUrlFor;
};

export function jobDeps(db: Db, config: Config, log: FastifyBaseLogger): JobDeps {
  return { db, config, log, qrUrlFor: createQrUrlFor(config.secretKey, config.publicUrl) };
}
