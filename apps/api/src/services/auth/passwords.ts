import { randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum, which isolated modules cannot read: 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm.Argon2id;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * What `staff_users.password_hash` holds for an account whose invited person has not chosen a
 * password yet. No password verifies against it: it is not a hash (argon2 hashes start with '$').
 */
export const NO_PASSWORD = '!invited';

/** Whether a stored value is a password hash at all (an invited account's is not). */
export function hasPassword(storedHash: string): boolean {
  return storedHash.startsWith('$');
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this keeps an unknown username as slow as a wrong password.
let dummyHash: Promise<string> | null = null;

/**
 * Whether `password` is the one `storedHash` was made from. An unknown account (null) and one with no
 * password yet (NO_PASSWORD) are refused after the same argon2 work as a wrong password, so the time
 * taken tells nothing about which it was.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash || !hasPassword(storedHash)) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// 32 letters and digits without the look-alikes 0, 1, l and o: five bits a character.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * A password made for someone to type from a screen or a note: four groups of four (80 bits),
 * 'k7mq-x3vt-9hwa-p2nd'.
 */
export function generatePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}
