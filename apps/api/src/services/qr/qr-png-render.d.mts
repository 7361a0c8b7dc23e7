/** Draws a QR code as an 8-bit greyscale PNG (see qr-png-render.mjs). */
export function renderQrPng(text: string): Buffer;
