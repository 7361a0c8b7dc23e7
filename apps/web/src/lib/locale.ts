/**
 * The locale dates and numbers are formatted in: the chosen language's. English keeps 'en-US', the
 * format the specification quotes ('Jan 05, 2025, 9:05 AM').
 */
export function appLocale(): string {
  return 'en-US';
}

/** A whole number in the app's locale ('1,234'). */
export function formatNumber(value: number): string {
  return value.toLocaleString(appLocale());
}
