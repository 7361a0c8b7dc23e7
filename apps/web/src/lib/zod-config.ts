// The app is served under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers
// with `new Function` unless told not to, and its probe for that alone logs a CSP violation in every
// page. zod keeps its settings in globalThis.__zod_globalConfig and adopts the object it finds there,
// so setting it here turns the compiled parsers off without loading zod on the first screen (zod
// arrives later, with the first schema). test/zod-config.test.ts checks that zod still reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
