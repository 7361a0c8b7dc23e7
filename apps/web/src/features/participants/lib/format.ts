import { appLocale } from '../../../lib/locale';

/**
 * Document 2 §9 date display 'MMM dd, yyyy, h:mm a' (for example "Jan 05, 2025, 9:00 AM"), in the
 * language's own order and words for French and Swahili.
 */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return new Intl.DateTimeFormat(appLocale(), {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(d);
}

/**
 * The QR image is served by this app's own API. An absolute URL built with another public address
 * (PUBLIC_URL) is taken as its path on this origin, so the CSP (img-src and connect-src 'self')
 * and the user's current address both hold.
 */
export function sameOriginUrl(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    if (u.origin === window.location.origin || u.pathname.startsWith('/api/')) {
      return `${u.pathname}${u.search}`;
    }
    return url;
  } catch {
    return url;
  }
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
