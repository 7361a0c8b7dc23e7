import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, EVENT_CODE_LENGTH, UNIQUE_CODE_LENGTH } from '@attend/shared';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** A participant's unique code: 8 characters from a CSPRNG, no look-alike characters. */
export function generateUniqueCode(): string {
  return randomCode(UNIQUE_CODE_LENGTH);
}

/** An event code: short and easy to type; uniqueness is checked by the caller against the index. */
export function generateEventCode(): string {
  return randomCode(EVENT_CODE_LENGTH);
}
