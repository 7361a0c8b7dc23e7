import { queryOptions } from '@tanstack/react-query';
import { imageDataUrl } from '../../../lib/offline-copy';

/**
 * An image's address read once as a data URL: kept for offline use, and drawn into the tag's PNG.
 * The tag page asks with it (participant-tag-page.tsx), and app/fetch-ahead.ts for its QR code
 * before the page's first drawing.
 */
export function imageDataQueryOptions(url: string) {
  return queryOptions({
    queryKey: ['tags', 'image', url] as const,
    queryFn: ({ signal }) => imageDataUrl(url, signal),
    staleTime: Infinity,
    retry: 1,
  });
}
