import { describe, expect, it } from 'vitest';
import { visibleBorderColour } from '../src/features/events/components/quick-actions';

describe('quick action card borders', () => {
  it('keep the event colours that show on the white page', () => {
    expect(visibleBorderColour('#1E3A8A')).toBe('#1E3A8A');
    expect(visibleBorderColour('#F59E0B')).toBe('#F59E0B');
  });

  it('show a grey border where the colour would vanish (the default white secondary colour)', () => {
    expect(visibleBorderColour('#FFFFFF')).toBe('var(--mantine-color-gray-5)');
    expect(visibleBorderColour('#f8fafc')).toBe('var(--mantine-color-gray-5)');
    expect(visibleBorderColour('not a colour')).toBe('var(--mantine-color-gray-5)');
  });
});
