/** Characters of unique codes and event codes: no look-alikes (0/O, 1/I/L). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const UNIQUE_CODE_LENGTH = 8;
export const EVENT_CODE_LENGTH = 6;

/** Upper-cases and strips spaces and dashes people type between groups of characters. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}
