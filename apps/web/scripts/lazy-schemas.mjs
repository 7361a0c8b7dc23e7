// How the web build evaluates packages/shared: its schemas are built when first used, not when their
// file is loaded, and the bundler may drop what no page uses.
//
// A file of packages/shared defines dozens of zod schemas, for the API and the staff's pages as much
// as for a participant's; a participant's page uses two or three of them. The bundler keeps every
// one of them (a call might have side effects, and a file's code goes whole into one chunk), and a
// slow phone spent a third of the evaluation of the participant pages' code building schemas nobody
// on the page would use. So, in these files only:
// - a top-level constant whose value is a call building a schema (named as one, `ZEvent` or
//   `zTimeZone`, or a chain from `z` or from a schema) becomes `lazySchema(() => …)`
//   (src/lib/lazy-schema.ts): built on first use, once;
// - every other call made while a top-level constant is defined is marked pure, as these files only
//   build values there; the bundler drops the constant when nothing reads it.
// Functions' bodies and top-level statements are left as they are: they run when called, or on
// purpose at load time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';

const HELPER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/lazy-schema.ts');
const PURE = '/* @__PURE__ */ ';
const SCHEMA_NAME = /^[zZ][A-Z]/;

/** The name a call chain starts from: `z` for `z.string().trim()`, `ZEvent` for `ZEvent.extend({…})`. */
function chainRoot(node) {
  let at = node;
  while (at) {
    if (at.type === 'Identifier') return at.name;
    at = at.type === 'CallExpression' ? at.callee : at.type === 'MemberExpression' ? at.object : null;
  }
  return null;
}

/** Whether a top-level constant's value is a schema being built: a call from zod or from a schema. */
function buildsSchema(id, init) {
  if (init.type !== 'CallExpression') return false;
  const root = chainRoot(init);
  return (
    (id.type === 'Identifier' && SCHEMA_NAME.test(id.name)) || root === 'z' || SCHEMA_NAME.test(root ?? '')
  );
}

/** Every call and `new` in an expression, outside the functions it defines, as [start, end]. */
function callsIn(node, found = []) {
  if (Array.isArray(node)) {
    for (const item of node) callsIn(item, found);
    return found;
  }
  if (!node || typeof node !== 'object' || typeof node.type !== 'string') return found;
  if (/^(?:ArrowFunctionExpression|FunctionExpression|ClassExpression)$/.test(node.type)) return found;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') found.push([node.start, node.end]);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && value && typeof value === 'object') callsIn(value, found);
  }
  return found;
}

/**
 * The source rewritten as above, or null when it defines nothing to rewrite. `helper` is the
 * specifier the rewritten file imports `lazySchema` from.
 */
export function lazySchemaSource(code, fileName, helper = HELPER) {
  const { program, errors } = parseSync(fileName, code);
  if (errors.length > 0) return null;
  const inserts = [];
  let lazy = 0;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { id, init } of declaration.declarations) {
      if (!init) continue;
      if (buildsSchema(id, init)) {
        inserts.push([init.start, `${PURE}__lazySchema(() => `], [init.end, ')']);
        lazy++;
        continue;
      }
      // Parenthesised, so that each call of a chain (`z.object({…}).extend({…})`) has its own mark.
      for (const [start, end] of callsIn(init)) inserts.push([start, `(${PURE}`], [end, ')']);
    }
  }
  if (inserts.length === 0) return null;
  // From the end, so that each offset still points into the original text. At one offset, what is
  // inserted last comes first: a closing before an opening, should one call end where another begins.
  inserts.sort((a, b) => b[0] - a[0] || Number(a[1] === ')') - Number(b[1] === ')'));
  let out = code;
  for (const [at, text] of inserts) out = out.slice(0, at) + text + out.slice(at);
  if (lazy > 0) out = `import { lazySchema as __lazySchema } from ${JSON.stringify(helper)};\n${out}`;
  return out;
}

/** @returns {import('vite').Plugin} */
export function lazySchemas() {
  return {
    name: 'attend:lazy-schemas',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/ },
      handler(code, id) {
        if (/\.test\.ts$/.test(id)) return null;
        const out = lazySchemaSource(code, id);
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
