/** `next` and `previous` of a DRF-style page: the request's own path and query with another page. */
export function pageLinks(
  requestUrl: string,
  page: number,
  pageSize: number,
  count: number,
): { next: string | null; previous: string | null } {
  const url = new URL(requestUrl, 'http://x');
  const link = (p: number) => {
    url.searchParams.set('page', String(p));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  const last = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
  };
}
