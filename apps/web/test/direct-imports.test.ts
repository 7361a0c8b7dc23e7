import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { directImports, exportMap } from '../scripts/direct-imports.mjs';

// The build imports each name from the file that defines it instead of the package's index
// (scripts/direct-imports.mjs): the file it names must export that very value.

describe.each(['@mantine/core', '@mantine/hooks', '@attend/shared'])('%s, imported name by name', (pkg) => {
  it('knows the file of every value the index exports, and that file exports it', async () => {
    const index = (await import(/* @vite-ignore */ pkg)) as Record<string, unknown>;
    const map = exportMap(fileURLToPath(import.meta.resolve(pkg)));
    const names = Object.keys(index);
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) {
      const target = map.get(name);
      expect(target, name).toBeDefined();
      if (!target) continue;
      const module = (await import(/* @vite-ignore */ target.file)) as Record<string, unknown>;
      expect(module[target.name], name).toBe(index[name]);
    }
  });
});

describe('the rewrite', () => {
  const transform = directImports().transform as (code: string, id: string) => { code: string } | null;

  it('imports and re-exports each name from its file, keeping local names and unknown names', () => {
    const out = transform(
      [
        "import { Button, Stack as Column } from '@mantine/core';",
        'import { useDisclosure, notAnExport } from "@mantine/hooks";',
        "export { isLanguage } from '@attend/shared';",
        "import { useState } from 'react';",
      ].join('\n'),
      '/app/src/page.tsx',
    );
    const code = out?.code ?? '';
    expect(code).toMatch(/^import \{ Button as Button \} from ".*\/components\/Button\/Button\.mjs";$/m);
    expect(code).toMatch(/^import \{ Stack as Column \} from ".*\/components\/Stack\/Stack\.mjs";$/m);
    expect(code).toMatch(/^import \{ useDisclosure as useDisclosure \} from ".*use-disclosure\.mjs";$/m);
    expect(code).toContain("import { notAnExport } from '@mantine/hooks';");
    expect(code).toMatch(
      /^export \{ isLanguage as isLanguage \} from ".*packages\/shared\/src\/language-codes\.ts";$/m,
    );
    expect(code).toContain("import { useState } from 'react';");
  });

  it("drops Mantine's imports of its own modules for nothing, and only those", () => {
    const source =
      "import '../Combobox/Combobox.mjs';\nimport './Button.module.css';\nimport 'clsx';\nexport {};\n";
    const inMantine = transform(source, '/x/node_modules/@mantine/core/esm/components/Select/Select.mjs');
    expect(inMantine?.code).toBe("import './Button.module.css';\nimport 'clsx';\nexport {};\n");
    expect(transform(source, '/app/src/page.tsx')).toBeNull();
  });
});
