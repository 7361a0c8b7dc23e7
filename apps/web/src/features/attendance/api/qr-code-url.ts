/** The QR image URL in an answer of GET /api/participants/me/qr-code/, if there is one. */
export function qrCodeUrlOf(body: unknown): string | null {
  const url =
    typeof body === 'object' && body !== null ? (body as { qr_code_url?: unknown }).qr_code_url : null;
  return typeof url === 'string' && url ? url : null;
}
