// npm run demo: the app on a freshly seeded demo database (embedded, in DATA_DIR/demo, recreated on
// every run; or the PostgreSQL server of DATABASE_URL, where the demo event is added).
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { webDistDir } from '../lib/root';
import { randomToken } from '../lib/tokens';
import { runApp } from '../run-app';
import { createStaffUser } from '../services/auth/create-staff-user';
import { seedDemo } from './seed-demo';
import { seedProgramme } from './seed-programme';

async function main(): Promise<void> {
  const base = loadConfig(process.env);
  const dataDir = path.join(base.dataDir, 'demo');
  const config = {
    ...base,
    dataDir,
    webDist: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
  };
  if (!config.databaseUrl) rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir });
  const username = `demo-${randomToken(3)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const password = randomToken(12);
  await createStaffUser(database.db, { username, password });
  const seed = await seedDemo(database.db);
  await seedProgramme(database.db, seed.event.id);
  // A door volunteer: the scanner role, at the demo event's check-in station only.
  const scanner = { username: `${username}-door`, password: randomToken(12) };
  await createStaffUser(database.db, { ...scanner, role: 'scanner', eventIds: [seed.event.id] });
  await runApp(config, database);
  console.log('\nDemo data is ready.');
  console.log(
    `Staff:        ${config.publicUrl}/dashboard/login  username ${username}  password ${password}`,
  );
  console.log(
    `Scanner:      ${config.publicUrl}/dashboard/login  username ${scanner.username}  password ${scanner.password}  (check-in station of ${seed.event.eventCode} only)`,
  );
  for (const p of seed.participants) {
    console.log(
      `Participant:  ${config.publicUrl}/login?event_code=${seed.event.eventCode}  ` +
        `event code ${seed.event.eventCode}  unique code ${p.uniqueCode}  (${p.fullName}${p.confirmed ? ', confirmed' : ''})`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
