import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../src/app/theme';

/** The first line of the file: where it comes from and how to write it again. */
const HEADER =
  "/* Mantine's CSS variables for app/theme.ts, as MantineProvider would write them at every start.\n" +
  '   Written by test/mantine-variables.test.tsx: after a change of theme, run\n' +
  '   `npx vitest run test/mantine-variables.test.tsx -u` in apps/web. */\n';

describe("Mantine's CSS variables, a static style sheet", () => {
  it('are those MantineProvider writes for the theme (else: npx vitest run test/mantine-variables.test.tsx -u)', async () => {
    const { container } = render(
      <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <span />
      </MantineProvider>,
    );
    const style = container.querySelector('style[data-mantine-styles]');
    const css = style?.innerHTML ?? '';
    // The theme's own choices are in it: the primary colour's shade and the darker dimmed grey.
    expect(css).toContain('--mantine-color-blue-filled: var(--mantine-color-blue-8)');
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
    await expect(`${HEADER}${css.trim()}\n`).toMatchFileSnapshot('../src/app/mantine-variables.css');
  });
});
