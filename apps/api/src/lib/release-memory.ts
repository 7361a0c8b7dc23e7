import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * An idle server does not collect garbage: V8 runs a full collection when the program allocates,
 * and a server that has just finished a large import mostly waits. Without this, the few hundred
 * MB an import leaves behind stay in the process until the next burst of work. `releaseSoon()`
 * runs one full collection when the work is over (debounced, so a batch of imports pays once).
 * The collector is reached as Node's documentation shows, by enabling `gc` for a new context.
 */
let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  } catch {
    collect = null;
  }
  return collect;
}

const DELAY_MS = 2_000;
let timer: NodeJS.Timeout | null = null;

/** Collects garbage once, DELAY_MS after the last call; `busy()` true postpones it again. */
export function releaseSoon(busy: () => boolean = () => false): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    if (busy()) return releaseSoon(busy);
    collector()?.();
  }, DELAY_MS);
  timer.unref();
}
