import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/client';
import { openDatabaseFromConfig } from '../db/open-from-config';
import { AppError } from '../lib/app-error';
import { createStaffUser } from '../services/auth/create-staff-user';

const usage = 'Usage: npm run create-staff -- --username U --password P';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  if (!values.username || !values.password) {
    console.error(usage);
    return 2;
  }
  const database = await openDatabaseFromConfig(loadConfig());
  try {
    const user = await createStaffUser(database.db, { username: values.username, password: values.password });
    console.log(`Staff user "${user.username}" created. Sign in at /dashboard/login.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof AppError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err, `\n${usage}`);
    process.exit(1);
  },
);
