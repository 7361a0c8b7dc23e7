import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows a drawing of a fixed `width` × `height` (the 350 px tag) scaled down to the width it is given,
 * never up: on a phone the whole tag and its QR code stay on screen. Only the screen copy is scaled;
 * the child keeps its own size (the PNG is drawn from it). Measured before the first paint, so the
 * page does not jump.
 */
export function FitToWidth({
  width,
  height,
  children,
}: {
  width: number;
  height: number;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    // A hidden frame measures 0: keep the drawing's own size then.
    const update = () => setScale(Math.min(1, element.clientWidth / width) || 1);
    update();
    // Test renderers (jsdom) have no ResizeObserver: the first measure is all they get.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  return (
    <div ref={frame} style={{ width: '100%', display: 'flex', justifyContent: 'center' }}>
      <div style={{ width: width * scale, height: height * scale, flex: 'none' }}>
        <div style={{ width, height, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
          {children}
        </div>
      </div>
    </div>
  );
}
