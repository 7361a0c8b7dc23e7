/** Whether an Accept-Encoding header admits the coding (`gzip;q=0` refuses it). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return name === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
}
