import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import QRCode from 'qrcode';
import {
  CERTIFICATE_HEIGHT,
  CERTIFICATE_WIDTH,
  certificateLayout,
  type CertificateBox,
  type CertificateContent,
  type TagColours,
  type TCertificateDesign,
} from '@attend/shared';

type Pictures = { logoUrl: string | null; imageUrl: string | null; signatureUrl: string | null };

const WEIGHT = { regular: 400, bold: 700 } as const;

/** The QR code's modules as one SVG path, with a quiet zone of two modules (as the PDF draws it). */
function QrSvg({ text, size }: { text: string; size: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (modules.data[row * n + col]) d += `M${col + 2} ${row + 2}h1v1h-1z`;
  }
  return (
    <svg width={size} height={size} viewBox={`0 0 ${n + 4} ${n + 4}`} aria-hidden="true">
      <path d={d} fill="#000" />
    </svg>
  );
}

function Box({ box, pictures, qr }: { box: CertificateBox; pictures: Pictures; qr: string }) {
  switch (box.kind) {
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
            boxSizing: 'border-box',
          }}
        />
      );
    case 'logo':
      return pictures.logoUrl ? (
        <img
          src={pictures.logoUrl}
          alt=""
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
    case 'image': {
      const url = box.role === 'signature' ? pictures.signatureUrl : pictures.imageUrl;
      return url ? (
        <img
          src={url}
          alt=""
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
    }
    case 'qr':
      return (
        <div
          style={{
            position: 'absolute',
            left: box.x,
            top: box.y,
            width: box.size,
            height: box.size,
            background: '#fff',
          }}
        >
          <QrSvg text={qr} size={box.size} />
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
                fontWeight: WEIGHT[box.font],
                color: box.colour,
                textAlign: box.align,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
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
 * The certificate drawn from the shared layout (the boxes the server's PDF draws), scaled to
 * `width` pixels: the design form's live preview.
 */
export function CertificatePreview({
  design,
  colours,
  content,
  pictures,
  width,
  label,
}: {
  design: TCertificateDesign;
  colours: TagColours;
  content: Omit<CertificateContent, 'logo' | 'image' | 'signature'>;
  pictures: Pictures;
  width: number;
  label: string;
}) {
  const boxes = certificateLayout(design, colours, {
    ...content,
    logo: !!pictures.logoUrl,
    image: !!pictures.imageUrl,
    signature: !!pictures.signatureUrl,
  });
  const scale = width / CERTIFICATE_WIDTH;
  return (
    <div style={{ width, height: CERTIFICATE_HEIGHT * scale, overflow: 'hidden' }}>
      <div
        role="img"
        aria-label={label}
        data-testid="certificate-preview"
        style={{
          position: 'relative',
          width: CERTIFICATE_WIDTH,
          height: CERTIFICATE_HEIGHT,
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          fontFamily: "'Noto Sans', sans-serif",
        }}
      >
        {boxes.map((box, i) => (
          <Box key={i} box={box} pictures={pictures} qr={content.verifyUrl} />
        ))}
      </div>
    </div>
  );
}
