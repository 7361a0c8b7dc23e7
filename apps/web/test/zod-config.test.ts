import { describe, expect, it } from 'vitest';
import '../src/lib/zod-config';
import { config, z } from 'zod';

describe('zod under the CSP', () => {
  it('parses without compiling code: the setting made before zod loads is the one zod reads', () => {
    expect(config().jitless).toBe(true);
    const original = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        compiled += 1;
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args: string[]) {
        compiled += 1;
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    try {
      const schema = z.object({ id: z.number(), name: z.string() });
      expect(schema.parse({ id: 1, name: 'Amina' })).toEqual({ id: 1, name: 'Amina' });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toBe(0);
  });
});
