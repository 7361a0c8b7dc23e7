import { useEffect, useRef, useState } from 'react';

/** How much of the section must be on screen before the counters start (spec: 75 percent). */
export const SEEN_THRESHOLD = 0.75;

/**
 * True once the element has been at least 75 % visible. An element taller than the viewport can
 * never be 75 % visible, so filling 75 % of the viewport counts too.
 */
export function useSeenOnce<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      const id = requestAnimationFrame(() => setSeen(true));
      return () => cancelAnimationFrame(id);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const viewport = entry.rootBounds?.height ?? window.innerHeight;
          const fills = entry.intersectionRect.height >= SEEN_THRESHOLD * viewport;
          if (entry.isIntersecting && (entry.intersectionRatio >= SEEN_THRESHOLD || fills)) {
            setSeen(true);
            observer.disconnect();
          }
        }
      },
      { threshold: [0, 0.25, 0.5, SEEN_THRESHOLD, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}
