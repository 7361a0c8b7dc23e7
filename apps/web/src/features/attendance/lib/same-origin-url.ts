/**
 * The QR image is served by this app's own API. An absolute URL built with another public address
 * (PUBLIC_URL) is taken as its path on this origin, so the CSP (img-src 'self') holds.
 */
export function sameOriginUrl(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    if (u.origin === window.location.origin || u.pathname.startsWith('/api/'))
      return `${u.pathname}${u.search}`;
    return url;
  } catch {
    return url;
  }
}
