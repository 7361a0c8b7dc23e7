import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature reaches another only through that feature's index.ts. */
const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [
    `./${feature}`,
    ...webFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
  ],
  message: 'Import another feature through its index.ts.',
}));

/** Each workspace may import only the packages its own package.json declares. */
const workspaceDependencies = [
  ['apps/api', ['apps/api/src/**']],
  ['apps/web', ['apps/web/src/**']],
  ['packages/shared', ['packages/shared/src/**']],
].map(([dir, files]) => ({
  files,
  ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
  rules: {
    'import-x/no-extraneous-dependencies': [
      'error',
      { packageDir: [new URL(`./${dir}`, import.meta.url).pathname], devDependencies: false },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared imports nothing from apps.',
            },
            {
              target: './apps/api/src/services',
              from: ['./apps/api/src/routes', './apps/api/src/plugins'],
              message: 'Services never import routes or plugins.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components', './apps/web/src/config'],
              from: './apps/web/src/features',
              message: 'lib, components and config never import features.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  ...workspaceDependencies,
  {
    // Type-aware rules that catch real bugs: a promise nobody awaits, a promise where a callback is due.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.tools.json', './apps/*/tsconfig.json', './packages/*/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
);
