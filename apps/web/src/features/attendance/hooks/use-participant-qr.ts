import { useEffect, useState } from 'react';
import type { TParticipantSelf } from '@attend/shared';
import { QrCodeError, useMyQrCode } from '../api/get-my-qr-code';
import { readLastShownUserId, writeLastShownUserId } from '../lib/last-shown-user';
import { ta } from '../i18n';
import { qrStamp, withTimestamp } from '../lib/qr-image';
import { sameOriginUrl } from '../lib/same-origin-url';

export type ParticipantQr = {
  /** The image URL, once known. */
  src: string | null;
  loading: boolean;
  /** Inline message, when the QR could not be loaded. */
  error: string | null;
  /** True when the failure was unexpected (an exception rather than a known answer). */
  unexpected: boolean;
  retry: () => void;
  /** The <img> reported that it could not load `src`. */
  onImageError: () => void;
};

/**
 * The address a QR image is shown from: the URL kept with the user, with the time parameter its
 * image was asked for with, or else the fresh one from the API (which carries its own).
 */
export function shownQrSrc(
  stored: { url: string; stamp: number } | null,
  fresh: string | undefined,
): string | null {
  if (stored) return withTimestamp(sameOriginUrl(stored.url), stored.stamp);
  return fresh ? sameOriginUrl(fresh) : null;
}

/**
 * The QR code of a confirmed participant (document 1 §4): the URL from the user data when this device
 * last showed the same user; fetched fresh when there is none, when another user was last shown, or
 * when the stored image fails to load. Call with a `key` of the participant id so a user change
 * starts from a clean state.
 */
export function useParticipantQr(participant: TParticipantSelf): ParticipantQr {
  const confirmed = participant.confirmed_attendance;
  const [sameUserAsLastTime] = useState(() => readLastShownUserId() === participant.id);
  const [storedFailed, setStoredFailed] = useState(false);
  const storedUrl = confirmed && sameUserAsLastTime ? participant.qr_code_url : null;
  // The stamp its image was fetched ahead with, if it was (lib/qr-image.ts).
  const [stamp] = useState(() => (storedUrl ? qrStamp(storedUrl) : Date.now()));
  const useStored = !!storedUrl && !storedFailed;
  const query = useMyQrCode(participant.id, confirmed && !useStored);

  const src = shownQrSrc(
    useStored && storedUrl ? { url: storedUrl, stamp } : null,
    confirmed ? query.data : undefined,
  );

  useEffect(() => {
    if (src) writeLastShownUserId(participant.id);
  }, [src, participant.id]);

  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const imageBroken = src !== null && src === brokenSrc;
  const failed = confirmed && !useStored && query.isError;
  const known = query.error instanceof QrCodeError;
  let error: string | null = null;
  if (failed) error = known ? query.error.message || ta('qr.couldNotLoad') : ta('qr.failedToLoad');
  else if (imageBroken) error = ta('qr.couldNotLoad');
  return {
    src: imageBroken ? null : src,
    loading: confirmed && !useStored && query.isFetching,
    error,
    unexpected: failed && !known,
    retry: () => {
      setBrokenSrc(null);
      void query.refetch();
    },
    onImageError: () => {
      // A stored URL may have expired: fetch a fresh one once. A fresh one failing is reported.
      if (useStored) setStoredFailed(true);
      else setBrokenSrc(src);
    },
  };
}
