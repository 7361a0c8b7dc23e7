import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchemaSource } from '../scripts/lazy-schemas.mjs';
import { lazySchema } from '../src/lib/lazy-schema';

// The web build defines packages/shared's schemas through lazySchema (scripts/lazy-schemas.mjs):
// built on first use, and dropped by the bundler where no page uses them.

describe('a lazy schema', () => {
  it('is built on first use, once, and checks values as the schema itself', () => {
    let builds = 0;
    const ZPerson = lazySchema(() => {
      builds++;
      return z.object({ name: z.string().min(1), age: z.number().int().optional() });
    });
    expect(builds).toBe(0);
    expect(ZPerson.parse({ name: 'Wanjiku', age: 30 })).toEqual({ name: 'Wanjiku', age: 30 });
    expect(ZPerson.safeParse({ name: '' }).success).toBe(false);
    expect(Object.keys(ZPerson.shape)).toEqual(['name', 'age']);
    expect(builds).toBe(1);
  });

  it('composes: inside objects, unions, arrays, with .extend and .optional, and as a zod type', () => {
    const ZRef = lazySchema(() => z.object({ id: z.number().int() }));
    const ZKind = lazySchema(() => z.enum(['a', 'b']));
    const ZItem = lazySchema(() => ZRef.extend({ kind: ZKind, tags: z.array(z.string()).optional() }));
    const ZAny = lazySchema(() =>
      z.discriminatedUnion('kind', [ZItem, z.object({ kind: z.literal('c'), note: z.string() })]),
    );
    const ZPage = z.object({ results: z.array(ZItem), first: ZItem.nullable(), any: ZAny.optional() });

    const page = { results: [{ id: 1, kind: 'a' }], first: null, any: { kind: 'c', note: 'x' } };
    expect(ZPage.parse(page)).toEqual(page);
    expect(ZPage.safeParse({ ...page, results: [{ id: 1.5, kind: 'a' }] }).success).toBe(false);
    expect(ZAny.safeParse({ kind: 'b', id: 2 }).success).toBe(true);
    expect(ZAny.safeParse({ kind: 'c' }).success).toBe(false);
    expect(ZItem instanceof z.ZodObject).toBe(true);
    expect(ZKind instanceof z.ZodObject).toBe(false);
    expect(ZKind.options).toEqual(['a', 'b']);
    expect({ ...ZItem.shape }).toHaveProperty('kind');
  });

  it('keeps what the schema does to values (defaults, transforms) and its messages', () => {
    const ZText = lazySchema(() =>
      z
        .string()
        .trim()
        .max(3, 'Too long.')
        .nullish()
        .transform((v) => v ?? ''),
    );
    expect(ZText.parse('  ab ')).toBe('ab');
    expect(ZText.parse(null)).toBe('');
    expect(ZText.safeParse('abcd').error?.issues[0]?.message).toBe('Too long.');
  });
});

describe('the rewrite of a packages/shared file', () => {
  const rewrite = (code: string) => lazySchemaSource(code, 'schemas.ts', 'lazy-schema') ?? '';

  it('defines schemas through lazySchema and marks the other definitions pure', () => {
    const out = rewrite(
      [
        "import { z } from 'zod';",
        'export const ZEvent = z.object({ name: z.string().trim() });',
        'export const ZEventDetail = ZEvent.extend({ count: z.number() });',
        'const eventName = z.string().min(1);',
        'export const ZEventPage = zPage(ZEvent);',
        'const fields = () => ({ name: eventName.optional() });',
        'export const LIMITS = Object.freeze([small(1), 2]);',
        "export const LABEL = 'Event';",
        'export function check(v: unknown) { return ZEvent.parse(v); }',
        'registerSomething(ZEvent);',
      ].join('\n'),
    );
    const lines = out.split('\n');
    expect(lines[0]).toBe('import { lazySchema as __lazySchema } from "lazy-schema";');
    expect(lines).toContain(
      'export const ZEvent = /* @__PURE__ */ __lazySchema(() => z.object({ name: z.string().trim() }));',
    );
    expect(lines).toContain(
      'export const ZEventDetail = /* @__PURE__ */ __lazySchema(() => ZEvent.extend({ count: z.number() }));',
    );
    expect(lines).toContain('const eventName = /* @__PURE__ */ __lazySchema(() => z.string().min(1));');
    expect(lines).toContain('export const ZEventPage = /* @__PURE__ */ __lazySchema(() => zPage(ZEvent));');
    // Functions run when called; values that are not schemas stay values, their calls marked pure.
    expect(lines).toContain('const fields = () => ({ name: eventName.optional() });');
    expect(lines).toContain(
      'export const LIMITS = (/* @__PURE__ */ Object.freeze([(/* @__PURE__ */ small(1)), 2]));',
    );
    expect(lines).toContain("export const LABEL = 'Event';");
    expect(lines).toContain('export function check(v: unknown) { return ZEvent.parse(v); }');
    expect(lines).toContain('registerSomething(ZEvent);');
  });

  it('leaves a file without definitions alone', () => {
    expect(lazySchemaSource("export const A = 'a';\nexport function f() { return g(); }", 'x.ts')).toBeNull();
  });

  it('reads every file of packages/shared, and what it writes still parses', () => {
    const src = path.resolve(import.meta.dirname, '../../../packages/shared/src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    let lazy = 0;
    for (const file of files) {
      const code = readFileSync(path.join(src, file), 'utf8');
      const out = lazySchemaSource(code, file, 'lazy-schema');
      if (out === null) continue;
      expect(parseSync(file, out).errors, file).toEqual([]);
      lazy += out.split('__lazySchema(() =>').length - 1;
    }
    expect(lazy).toBeGreaterThan(150);
  });
});
