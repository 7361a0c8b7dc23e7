import { Badge, Button, createTheme, type CSSVariablesResolver } from '@mantine/core';
import classes from './theme.module.css';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text above the WCAG AA contrast ratio (4.5:1).
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    Button: Button.extend({
      classNames: { root: classes.buttonRoot, inner: classes.buttonInner, label: classes.buttonLabel },
    }),
    // A status is read whole ("EN ATTENTE", not "EN AT…"): a badge keeps its text's width in a
    // narrow table column instead of ending it with an ellipsis.
    Badge: Badge.extend({
      styles: { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } },
    }),
  },
});

/**
 * Mantine's default dimmed grey is below AA contrast on white; use a darker one. Written with the
 * theme's other variables into app/mantine-variables.css (test/mantine-variables.test.tsx).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
