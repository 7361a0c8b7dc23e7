import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineSheets, renderSheet, SHEETS } from '../scripts/mantine-css.mjs';

const web = path.resolve(import.meta.dirname, '..');

describe("Mantine's style sheets, split by the pages that need them", () => {
  const sheets = mantineSheets();

  it('each sheet lists what the sources use today (else: node apps/web/scripts/mantine-css.mjs --write)', () => {
    for (const name of ['first', 'participant', 'staff'] as const) {
      expect(readFileSync(path.join(web, SHEETS[name]), 'utf8')).toBe(renderSheet(name, sheets[name]));
    }
  });

  it('finds components through the imports, the other Mantine packages and what components are built of', () => {
    // The landing page's button; the toasts (through @mantine/notifications); the language selector is
    // a NativeSelect, whose rules are Input's.
    expect(sheets.first).toEqual(expect.arrayContaining(['Button', 'Notification', 'Input']));
    // The participant's menu on a phone and sessions table; the staff's pager and menus; the upload's
    // overlay (through @mantine/dropzone).
    expect(sheets.participant).toEqual(expect.arrayContaining(['Drawer', 'Burger', 'Table']));
    expect(sheets.staff).toEqual(expect.arrayContaining(['Pagination', 'Menu', 'LoadingOverlay']));
    // Nothing is loaded twice: the staff's pages load the participant pages' sheet too.
    expect(sheets.participant).not.toContain('Button');
    expect(sheets.staff).not.toContain('Button');
    expect(sheets.staff).not.toContain('Drawer');
  });

  it("keeps Mantine's order, so a component's rules come after those of the parts it is built from", () => {
    const css = readFileSync(path.join(web, SHEETS.first), 'utf8');
    expect(css.indexOf('/baseline.css')).toBeLessThan(css.indexOf('/Input.css'));
    expect(css.indexOf('/Input.css')).toBeLessThan(css.indexOf('/Combobox.css'));
    expect(css.indexOf('/UnstyledButton.css')).toBeLessThan(css.indexOf('/Button.css'));
  });
});
