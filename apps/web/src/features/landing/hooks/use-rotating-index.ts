import { useEffect, useState } from 'react';

/** The highlighted item moves every 3 s (spec §9) over `count` items. */
export const ROTATE_MS = 3000;

export function useRotatingIndex(count: number, intervalMs = ROTATE_MS): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(id);
  }, [count, intervalMs]);
  return index % Math.max(count, 1);
}
