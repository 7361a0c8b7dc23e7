import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/client';
import { openDatabaseFromConfig } from './db/open-from-config';
import { secureDataDir } from './lib/data-dir';
import { webDistDir } from './lib/root';
import { runApp } from './run-app';
import { runCluster } from './run-cluster';
import { ensureAdmin } from './services/auth/create-staff-user';
import { QrKeys } from './services/qr/event-keys';
import { QrKeySealError } from './services/qr/key-seal';

/** Migrates, seals QR keys and makes sure a staff account exists: once, before serving. */
async function prepare(config: Config) {
  const database = await openDatabaseFromConfig(config);
  // QR private keys written before they were sealed are sealed now; a SECRET_KEY that does not open
  // the stored ones stops the start here instead of failing on every QR code.
  const sealed = await new QrKeys(config.secretKey).prepareStored(database.db);
  if (sealed) console.log(`Sealed the QR signing keys of ${sealed} event(s) under SECRET_KEY.`);
  const admin = await ensureAdmin(database.db, {
    username: config.adminUsername,
    password: config.adminPassword,
  });
  // The embedded database sets its files' modes itself (0666): tighten them once it has made them.
  // Files it makes later sit in directories only this user can enter.
  secureDataDir(config.dataDir);
  return { database, admin };
}

type Admin = Awaited<ReturnType<typeof ensureAdmin>>;

function announceAdmin(config: Config, admin: Admin): void {
  if (admin.created && admin.generated) {
    console.log(`Created staff user "${admin.username}" with password: ${admin.password}`);
    console.log('This password is shown only once. Sign in at /dashboard/login.');
  } else if (admin.created) {
    console.log(`Created staff user "${admin.username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else if (config.adminUsername) {
    console.log(`Staff users already exist; ADMIN_USERNAME "${config.adminUsername}" was not created again.`);
  }
}

/** Set in the short-lived process that creates the embedded database on a first start. */
const PREPARE_ONLY = 'ATTEND_PREPARE_ONLY';

/**
 * A first start on the embedded database creates it (initdb) and migrates it in a child process
 * that then exits: PGlite keeps what initdb grew in the process for good (about 150 MB more idle
 * than a later start), and the server that stays up should not carry it. Resolves to the child's
 * staff account outcome, announced once the server listens, as on any start.
 */
function prepareInChild(): Promise<Admin> {
  return new Promise((resolve, reject) => {
    let admin: Admin = { created: false };
    const child = fork(process.argv[1] ?? '', process.argv.slice(2), {
      env: { ...process.env, [PREPARE_ONLY]: '1' },
      stdio: 'inherit',
    });
    child.on('message', (message) => {
      admin = message as Admin;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(admin) : process.exit(code ?? 1)));
  });
}

async function main(): Promise<void> {
  // Everything this process writes (the database files, the secret) is private.
  process.umask(0o077);
  const config = loadConfig(process.env, {
    webDist: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
  });
  if (cluster.isWorker) {
    // One of WEB_CONCURRENCY processes: the primary has prepared the database.
    await runApp(config, await openDatabaseFromConfig(config, { migrate: false }), { announce: false });
    return;
  }
  secureDataDir(config.dataDir);
  if (process.env[PREPARE_ONLY] === '1') {
    const { database, admin } = await prepare(config);
    await database.close();
    await new Promise((resolve) => process.send?.(admin, resolve));
    return;
  }
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    const admin = await prepareInChild();
    const database = await openDatabaseFromConfig(config, { migrate: false });
    secureDataDir(config.dataDir); // the files this open made, as prepare() does
    await runApp(config, database);
    announceAdmin(config, admin);
    return;
  }
  const { database, admin } = await prepare(config);
  if (config.webConcurrency > 1) {
    await database.close();
    await runCluster(config);
  } else {
    await runApp(config, database);
  }
  announceAdmin(config, admin);
}

main().catch((err: unknown) => {
  // A second instance on the same data directory is an everyday mistake: say so plainly.
  const plain =
    err instanceof DataDirLockedError ||
    err instanceof QrKeySealError ||
    (err instanceof Error && err.message.startsWith('Invalid environment'));
  if (plain) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
