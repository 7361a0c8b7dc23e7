import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ZChallengeRequired, type TAltchaChallenge } from '@attend/shared';
import type { LightMyRequestResponse } from 'fastify';

/** Solves a sign-in challenge as a client does (altcha-lib's solver, Node's PBKDF2). */
export async function solveAltcha(challenge: TAltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The challenge was not solved.');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The challenge of a 428 answer (fails the test when the answer is anything else). */
export function challengeOf(res: LightMyRequestResponse): TAltchaChallenge {
  if (res.statusCode !== 428) throw new Error(`Expected 428, got ${res.statusCode}: ${res.body}`);
  return ZChallengeRequired.parse(res.json()).challenge;
}

/** The level a challenge asks for. */
export function levelOf(challenge: TAltchaChallenge): number {
  return Number(challenge.parameters.data?.lvl);
}
