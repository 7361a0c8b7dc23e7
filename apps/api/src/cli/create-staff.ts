import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/client';
import { openDatabaseFromConfig } from '../db/open-from-config';
import { AppError } from '../lib/app-error';
import { createStaffUser } from '../services/auth/create-staff-user';

const usage =
  'Usage: npm run create-staff -- --username U --password P [--role admin|scanner --events ID,ID]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      events: { type: 'string' },
    },
    strict: true,
  });
  const role = values.role ?? 'admin';
  const eventIds = (values.events ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(Number);
  if (
    !values.username ||
    !values.password ||
    (role !== 'admin' && role !== 'scanner') ||
    eventIds.some((id) => !Number.isInteger(id) || id <= 0)
  ) {
    console.error(usage);
    return 2;
  }
  const database = await openDatabaseFromConfig(loadConfig());
  try {
    const user = await createStaffUser(database.db, {
      username: values.username,
      password: values.password,
      role,
      eventIds,
    });
    const what =
      role === 'scanner'
        ? `Scanner "${user.username}" (events ${eventIds.join(', ')})`
        : `Staff user "${user.username}"`;
    console.log(`${what} created. Sign in at /dashboard/login.`);
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
