/**
 * The one-click link as a QR image (an SVG data URL: sharp at any size, so a phone can read it off a
 * laptop screen). `qrcode` is loaded only when asked, keeping it out of every first screen.
 */
export async function loginQrDataUrl(url: string): Promise<string> {
  const { toString } = await import('qrcode');
  // 'M' survives screen glare and moiré better than 'L' while the code stays coarse enough to scan.
  const svg = await toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
