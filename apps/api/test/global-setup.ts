import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, openDatabase } from '../src/db/client';
import { createScratchDatabase, dropDatabasesLike } from '../src/db/scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

/**
 * Migrates once, then every test file starts from a copy: a PGlite data-dir dump, and on
 * PostgreSQL (TEST_DATABASE_URL) a template database that CREATE DATABASE … TEMPLATE copies.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'attend-test-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await createPgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const prefix = `attend_t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl, { prefix });
    const db = await openDatabase({ kind: 'postgres', url: template.url, poolSize: 1 });
    await db.close();
    project.provide('pgTemplate', { adminUrl, template: template.name, prefix });
  } else {
    project.provide('pgTemplate', null);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl) await dropDatabasesLike(adminUrl, prefix);
  };
}
