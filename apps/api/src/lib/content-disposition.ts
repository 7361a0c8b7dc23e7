import contentDispositionHeader from 'content-disposition';

/**
 * The file name as plain ASCII for clients that do not read RFC 5987: accents dropped (Zoë as
 * Zoe), other letters left out, and a name part with nothing left removed with its separator.
 */
function asciiFallback(filename: string): string {
  return filename
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '')
    .replace(/_{2,}/g, '_')
    .replace(/(^|[-.])_+|_+(?=[-.]|$)/g, '$1')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '');
}

/**
 * A Content-Disposition header for a download whose name may carry letters of any script (a
 * person's name): `filename=` in ASCII for every client, and, when the name is more than that,
 * `filename*=UTF-8''…` (RFC 5987, RFC 6266) with the name as written, which browsers prefer.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  return contentDispositionHeader(filename, { type, fallback: asciiFallback(filename) || 'download' });
}
