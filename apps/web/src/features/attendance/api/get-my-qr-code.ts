import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api, ApiError, NetworkError } from '../../../lib/api-client';
import { ta } from '../i18n';
import { qrStamp, withTimestamp } from '../lib/qr-image';
import { qrCodeUrlOf } from './qr-code-url';

/** A QR failure the page can explain (document 1 §8 QR code); anything else is an exception. */
export class QrCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QrCodeError';
  }
}

/** GET /api/participants/me/qr-code/: the signed-in participant's QR image URL. */
export async function getMyQrCode({ signal }: { signal?: AbortSignal } = {}): Promise<string> {
  let body: unknown;
  try {
    body = await api(apiPaths.myQrCode(), { signal });
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401) throw new QrCodeError(ta('qr.sessionExpired'));
      if (err.status === 404) throw new QrCodeError(ta('qr.notFound'));
      throw new QrCodeError(err.detail ?? ta('qr.default'));
    }
    if (err instanceof NetworkError) throw new QrCodeError(ta('qr.noResponse'));
    throw err;
  }
  if (body === undefined || body === null || body === '') throw new QrCodeError(ta('qr.empty'));
  const url = qrCodeUrlOf(body);
  if (!url) throw new QrCodeError(ta('qr.urlMissing'));
  return withTimestamp(url, qrStamp(url));
}

/** Keyed by the participant: a different user on this device never sees the previous one's code. */
export function myQrCodeQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: ['attendance', 'qr-code', participantId] as const,
    queryFn: ({ signal }) => getMyQrCode({ signal }),
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
}

export function useMyQrCode(participantId: number, enabled: boolean) {
  return useQuery({ ...myQrCodeQueryOptions(participantId), enabled });
}
