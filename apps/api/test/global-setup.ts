import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
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
  let cleanupPg = async () => {};
  if (adminUrl) {
    const prefix = `attend_t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const template = `${prefix}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    await admin.end();
    const db = await openDatabase({
      kind: 'postgres',
      url: databaseUrlWithName(adminUrl, template),
      poolSize: 1,
    });
    await db.close();
    project.provide('pgTemplate', { adminUrl, template, prefix });
    cleanupPg = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${prefix}%`],
      );
      for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
      await c.end();
    };
  } else {
    project.provide('pgTemplate', null);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await cleanupPg();
  };
}
