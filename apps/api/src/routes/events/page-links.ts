/**
 * `next` and `previous` of a DRF-style page: the request's own path and query with another page.
 * `hasNext`, when given, decides `next` instead of `count` (a count that is only a lower bound).
 */
export function pageLinks(
  requestUrl: string,
  page: number,
  pageSize: number,
  count: number,
  hasNext?: boolean,
): { next: string | null; previous: string | null } {
  const url = new URL(requestUrl, 'http://x');
  const link = (p: number) => {
    url.searchParams.set('page', String(p));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  if (hasNext !== undefined) {
    return { next: hasNext ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null };
  }
  const last = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
  };
}
