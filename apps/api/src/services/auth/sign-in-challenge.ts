import { hkdfSync, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { messages, ZAltchaChallenge, type TAltchaChallenge } from '@attend/shared';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/**
 * Proofs of work (ALTCHA v2, PBKDF2/SHA-256) that sign-in asks for past a few failures. A challenge
 * of level k hides a counter drawn from [0, 80 · 2^(k-1)): the solver derives a key for each counter
 * from 0 up, one PBKDF2 of `COST` iterations each, until it meets the signed prefix, so a solution
 * costs on average half the range. The browser does the same derivation in WebCrypto's native code,
 * so a phone pays roughly what a guesser's processor core pays, never a JavaScript penalty.
 */
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter tried: about 0.3 ms on one core of a small server. */
export const CHALLENGE_COST = 1000;
/** Counters in a level-1 challenge; each level doubles it. */
export const LEVEL_ONE_COUNTERS = 80;
/** Above this the counter would not fit the 32 bits ALTCHA v2 encodes it in. */
export const MAX_CHALLENGE_LEVEL = 26;
/** How long a challenge may be solved and used (once). */
export const CHALLENGE_TTL_SECONDS = 600;

/** The counters a challenge of `level` draws its secret from. */
export function countersAt(level: number): number {
  return LEVEL_ONE_COUNTERS * 2 ** (Math.min(level, MAX_CHALLENGE_LEVEL) - 1);
}

const ZPayload = z.object({
  challenge: ZAltchaChallenge,
  solution: z.object({
    counter: z.number().int().min(0),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

/** A solution that checked out: its level, and the id that makes it usable once. */
export type SolvedChallenge = { level: number; id: string; expiresAt: Date };

export class SignInChallenges {
  private readonly signatureSecret: string;
  private readonly keySecret: string;

  constructor(secretKey: string) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', secretKey, 'attend', info, 32)).toString('hex');
    this.signatureSecret = derive('attend/sign-in-challenge/v1');
    this.keySecret = derive('attend/sign-in-challenge-key/v1');
  }

  /** A fresh challenge of `level` (1 or more). */
  async issue(level: number): Promise<TAltchaChallenge> {
    const lvl = Math.max(1, Math.min(level, MAX_CHALLENGE_LEVEL));
    const challenge = await createChallenge({
      algorithm: CHALLENGE_ALGORITHM,
      cost: CHALLENGE_COST,
      counter: randomInt(0, countersAt(lvl)),
      deriveKey,
      data: { lvl },
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return ZAltchaChallenge.parse(challenge);
  }

  /**
   * The level a submitted solution proves, or null when there is none, it is malformed, forged,
   * expired or wrong. Whether it was used before is the caller's to check (once, in the database).
   */
  async verify(altcha: string | undefined): Promise<SolvedChallenge | null> {
    if (!altcha) return null;
    let payload: z.infer<typeof ZPayload>;
    try {
      payload = ZPayload.parse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
    } catch {
      return null;
    }
    const { parameters } = payload.challenge;
    const level = parameters.data?.lvl;
    if (
      parameters.algorithm !== CHALLENGE_ALGORITHM ||
      parameters.cost !== CHALLENGE_COST ||
      typeof level !== 'number' ||
      !Number.isInteger(level) ||
      level < 1 ||
      level > MAX_CHALLENGE_LEVEL ||
      parameters.expiresAt === undefined
    ) {
      return null;
    }
    try {
      const result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution as Solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
      if (!result.verified) return null;
    } catch {
      return null;
    }
    return { level, id: payload.challenge.signature, expiresAt: new Date(parameters.expiresAt * 1000) };
  }

  /** 428 carrying a challenge of `level`: the call is evaluated once it comes back solved. */
  async required(level: number): Promise<AppError> {
    return new AppError('challenge_required', messages.challengeRequired, {
      body: { challenge: await this.issue(level) },
    });
  }
}
