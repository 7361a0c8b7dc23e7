import type { TAltchaChallenge } from '@attend/shared';
import { ApiError } from './http';
import { preloadSchemas } from './schemas';

/** Solving rounds before giving up: the server may raise the difficulty between two answers. */
const MAX_ROUNDS = 4;

/** Longest one solve may take; the server tunes a challenge to a few seconds on a slow phone. */
const SOLVE_TIMEOUT_MS = 60_000;

/** A sign-in the server would evaluate only with a solved challenge, and none could be solved. */
export class ChallengeFailedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The sign-in challenge could not be solved.', options);
    this.name = 'ChallengeFailedError';
  }
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Solves `challenge` in Web Workers (never on the page's thread) and returns the `altcha` value of
 * the next attempt. The solver and its worker are fetched only now: nobody who signs in without a
 * challenge downloads them.
 */
async function solve(challenge: TAltchaChallenge): Promise<string> {
  const { solveChallengeWorkers } = await import('altcha-lib');
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(navigator.hardwareConcurrency || 1, 4),
    counterMode: 'uint32',
    timeout: SOLVE_TIMEOUT_MS,
    createWorker: () => new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' }),
  });
  if (!solution) throw new ChallengeFailedError();
  return toBase64(JSON.stringify({ challenge, solution }));
}

/**
 * Sends a sign-in call; when the server answers 428 `challenge_required`, solves the challenge it
 * sent and sends the same call again with the solution, for as many rounds as the server asks (at
 * most MAX_ROUNDS). `onSolving` is told when solving starts and when the call has settled. Any other
 * answer is the caller's, unchanged; a challenge that cannot be met throws ChallengeFailedError.
 */
export async function withChallenge<T>(
  send: (altcha?: string) => Promise<T>,
  onSolving?: (solving: boolean) => void,
): Promise<T> {
  let altcha: string | undefined;
  let solving = false;
  try {
    for (let round = 0; ; round++) {
      try {
        return await send(altcha);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 428) throw err;
        const required = (await preloadSchemas()).ZChallengeRequired.safeParse(err.body);
        if (!required.success || round >= MAX_ROUNDS) throw new ChallengeFailedError({ cause: err });
        if (!solving) {
          solving = true;
          onSolving?.(true);
        }
        try {
          altcha = await solve(required.data.challenge);
        } catch (solveErr) {
          if (solveErr instanceof ChallengeFailedError) throw solveErr;
          throw new ChallengeFailedError({ cause: solveErr });
        }
      }
    }
  } finally {
    if (solving) onSolving?.(false);
  }
}
