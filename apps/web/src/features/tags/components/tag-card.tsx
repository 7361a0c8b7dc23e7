import { forwardRef, useEffect, useState, type ReactNode } from 'react';
// The face the server prints badges with, so the preview, the PNG and the sheet match.
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import {
  TAG_HEIGHT,
  TAG_WIDTH,
  tagLayout,
  type TagBox,
  type TagColours,
  type TagContent,
  type TagDesign,
} from '@attend/shared';
import { FONT_WEIGHT, loadTagFonts, TAG_FONT_FAMILY } from '../lib/tag-fonts';

type Props = {
  design: TagDesign;
  colours: TagColours;
  content: TagContent;
  /** The logo's URL (drawn when the design shows it). */
  logoUrl: string | null;
  /** The tag design image's URL (drawn when the design shows it). */
  imageUrl?: string | null;
  /** What goes in the QR box: the participant's QR image, or a placeholder in the designer. */
  qr: ReactNode;
  /** Accessible name of the whole tag. */
  label: string;
};

function Box({
  box,
  logoUrl,
  imageUrl,
  qr,
}: {
  box: TagBox;
  logoUrl: string | null;
  imageUrl: string | null;
  qr: ReactNode;
}) {
  switch (box.kind) {
    case 'image':
      return imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          crossOrigin="anonymous"
          data-testid="tag-image"
          data-fit={box.fit}
          style={{
            position: 'absolute',
            left: box.x,
            top: box.y,
            width: box.w,
            height: box.h,
            objectFit: box.fit,
          }}
        />
      ) : null;
    case 'rect':
      return (
        <div
          style={{
            position: 'absolute',
            left: box.x,
            top: box.y,
            width: box.w,
            height: box.h,
            background: box.fill,
            borderRadius: box.radius ?? 0,
          }}
        />
      );
    case 'frame':
      return (
        <div
          style={{
            position: 'absolute',
            left: box.x,
            top: box.y,
            width: box.w,
            height: box.h,
            border: `${box.width}px solid ${box.stroke}`,
            borderRadius: box.radius,
            boxSizing: 'border-box',
          }}
        />
      );
    case 'logo':
      return logoUrl ? (
        <img
          src={logoUrl}
          alt=""
          crossOrigin="anonymous"
          data-testid="tag-logo"
          style={{
            position: 'absolute',
            left: box.x,
            top: box.y,
            width: box.size,
            height: box.size,
            objectFit: 'contain',
          }}
        />
      ) : null;
    case 'qr':
      return (
        <div
          data-testid="tag-qr"
          style={{
            position: 'absolute',
            left: box.x,
            top: box.y,
            width: box.size,
            height: box.size,
            background: '#ffffff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {qr}
        </div>
      );
    case 'text':
      return (
        <>
          {box.lines.map((line, i) => (
            <div
              key={i}
              dir="auto"
              data-role={box.role}
              style={{
                position: 'absolute',
                left: box.x,
                top: box.y + i * box.lineHeight,
                width: box.w,
                height: box.lineHeight,
                lineHeight: `${box.lineHeight}px`,
                fontSize: box.size,
                fontWeight: FONT_WEIGHT[box.font],
                color: box.colour,
                textAlign: box.align,
                letterSpacing: box.tracking ?? 0,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {line}
            </div>
          ))}
        </>
      );
  }
}

/**
 * False until the frame after the tag's first drawing. The tag's text is drawn first in the phone's
 * own sans-serif, then in its fonts: a font is fetched when text that uses it is laid out, and asked
 * for in the first drawing, Noto Sans' two weights (28 kB) shared a slow network with what the page
 * needs to draw at all (its QR code). The PNG is made from the tag as it is when asked for, later.
 */
function useFontsAfterFirstDrawing(): boolean {
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAsked(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return asked;
}

/**
 * The event tag, drawn from the shared layout (the same boxes the server prints on badge sheets):
 * the designer's preview, the participant's tag page and the PNG both are made from it.
 */
export const TagCard = forwardRef<HTMLDivElement, Props>(function TagCard(
  { design, colours, content, logoUrl, imageUrl = null, qr, label },
  ref,
) {
  const boxes = tagLayout(design, colours, {
    ...content,
    logo: content.logo && !!logoUrl,
    image: !!imageUrl,
  });
  // The fonts of the scripts on the tag, fetched when its text changes (the text is drawn at once
  // and again when they arrive).
  const texts = boxes
    .flatMap((b) => (b.kind === 'text' ? [`${b.font}:${b.lines.join(' ')}`] : []))
    .join('\n');
  useEffect(() => {
    loadTagFonts(boxes).catch(() => undefined); // a sheet that fails is asked for again next time
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the boxes' text is what matters
  }, [texts]);
  const fontsAsked = useFontsAfterFirstDrawing();
  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="event-tag"
      data-layout={design.layout}
      style={{
        position: 'relative',
        width: TAG_WIDTH,
        height: TAG_HEIGHT,
        flex: 'none',
        overflow: 'hidden',
        borderRadius: design.border_radius,
        fontFamily: fontsAsked ? TAG_FONT_FAMILY : 'sans-serif',
      }}
    >
      {boxes.map((box, i) => (
        <Box key={i} box={box} logoUrl={logoUrl} imageUrl={imageUrl} qr={qr} />
      ))}
    </div>
  );
});
