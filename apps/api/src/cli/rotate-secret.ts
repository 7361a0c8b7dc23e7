import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { loadConfig, secretKeyFile } from '../config';
import { DataDirLockedError } from '../db/client';
import { openDatabaseFromConfig } from '../db/open-from-config';
import { QrKeys } from '../services/qr/event-keys';
import { QrKeySealError } from '../services/qr/key-seal';

/**
 * npm run rotate-secret: re-seals every event's QR signing key under a new SECRET_KEY in one
 * transaction. The current secret is SECRET_KEY (or DATA_DIR/secret_key when it is not set); the new
 * one is NEW_SECRET_KEY, or a random one. With the DATA_DIR file, the file is replaced; with
 * SECRET_KEY, the operator sets the new value before starting the server again.
 */
async function main(): Promise<number> {
  const fromEnvironment = Boolean(process.env.SECRET_KEY);
  const config = loadConfig();
  const given = process.env.NEW_SECRET_KEY;
  if (given !== undefined && given.length < 32) {
    console.error('NEW_SECRET_KEY must be at least 32 characters.');
    return 2;
  }
  if (given === config.secretKey) {
    console.error('NEW_SECRET_KEY is the current secret: nothing to rotate.');
    return 2;
  }
  const next = given ?? randomBytes(48).toString('base64url');
  const database = await openDatabaseFromConfig(config);
  let count: number;
  try {
    count = await database.db.transaction((tx) =>
      new QrKeys(config.secretKey).resealStored(tx, new QrKeys(next)),
    );
  } finally {
    await database.close();
  }
  console.log(`Re-sealed the QR signing keys of ${count} event(s) under the new secret.`);
  if (!fromEnvironment) {
    const file = secretKeyFile(config.dataDir);
    writeFileSync(`${file}.new`, next + '\n', { mode: 0o600 });
    renameSync(`${file}.new`, file);
    console.log('The new secret replaced the one in DATA_DIR/secret_key. Start the server as before.');
  } else if (given) {
    console.log('Set SECRET_KEY to the value of NEW_SECRET_KEY, then start the server.');
  } else {
    console.log(`Set SECRET_KEY to this value, then start the server:\n${next}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
    } else if (err instanceof QrKeySealError) {
      console.error(`${err.message}\nNothing was changed.`);
    } else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
