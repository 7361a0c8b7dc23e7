import { TAG_HEIGHT, TAG_WIDTH } from '@attend/shared';
import { tagFontCss } from './tag-fonts';

/**
 * The tag as a PNG, drawn from its DOM node (html-to-image, loaded only when asked): `scale` 1
 * gives 350 × 550, 2 gives 700 × 1100. `background` fills behind the rounded corners. The fonts
 * inlined are only the slices the tag's letters need (tagFontCss).
 */
export async function tagPng(node: HTMLElement, opts: { scale: number; background?: string }): Promise<Blob> {
  const [{ toBlob }, fontEmbedCSS] = await Promise.all([import('html-to-image'), tagFontCss(node)]);
  const blob = await toBlob(node, {
    pixelRatio: opts.scale,
    width: TAG_WIDTH,
    height: TAG_HEIGHT,
    canvasWidth: TAG_WIDTH,
    canvasHeight: TAG_HEIGHT,
    fontEmbedCSS,
    ...(opts.background ? { backgroundColor: opts.background } : {}),
  });
  if (!blob) throw new Error('The tag could not be drawn');
  return blob;
}

/** A file name part from free text, letters of every script kept (shared with the API's downloads). */
export { fileNamePart } from '@attend/shared';
