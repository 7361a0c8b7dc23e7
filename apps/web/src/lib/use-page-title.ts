import { useEffect } from 'react';

/**
 * Names the page in the browser's tab and history: `title`, once the page is on screen. Set in an
 * effect after the drawing, not during it: on a slow phone, setting `document.title` took a tenth of
 * the longest task of a page's first drawing (Mantine's useDocumentTitle sets it before the paint).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    if (title.trim()) document.title = title.trim();
  }, [title]);
}
