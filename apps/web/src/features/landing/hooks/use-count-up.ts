import { useEffect, useState } from 'react';

/** Landing counters run for 2 s (spec §9). */
export const COUNT_UP_MS = 2000;

const easeOutCubic = (p: number) => 1 - (1 - p) ** 3;

/** Animates 0 -> `target` with ease-out once `run` is true; returns the number to show. */
export function useCountUp(target: number | undefined, run: boolean, durationMs = COUNT_UP_MS): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!run || target === undefined) return;
    let frame = 0;
    let startedAt: number | undefined;
    const tick = (now: number) => {
      startedAt ??= now;
      const progress = durationMs > 0 ? Math.min(1, (now - startedAt) / durationMs) : 1;
      setValue(Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, run, durationMs]);
  return value;
}
