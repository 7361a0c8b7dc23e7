import { apiPaths } from '../../../config/paths';
import { fetchFile } from '../../../lib/transfer';

/**
 * The mark a benchmark reads: the moment the print dialog is asked for (scan → print dialog); its
 * detail names whose badge it is (`{ participantId }`).
 */
export const BADGE_PRINT_MARK = 'badge-print-dialog';
/** The mark set when the badge's PDF has arrived (the rest is the frame loading it). */
export const BADGE_FETCHED_MARK = 'badge-fetched';

/** How long the PDF may take to load in the frame before the new-tab fallback is used. */
const FRAME_LOAD_MS = 15_000;
/** How long a badge opened in a new tab keeps its blob URL (the tab has loaded it by then). */
const TAB_URL_MS = 60_000;

/** The print frame of the last badge: the next print replaces it (its dialog is long closed). */
let current: { frame: HTMLIFrameElement; url: string } | null = null;

function dropCurrent() {
  if (!current) return;
  current.frame.remove();
  URL.revokeObjectURL(current.url);
  current = null;
}

/** A frame that renders the PDF off screen: hidden frames (display: none) do not print in Chrome. */
function printFrame(url: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.dataset.testid = 'badge-print-frame';
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '1px',
    height: '1px',
    border: '0',
    opacity: '0',
    pointerEvents: 'none',
  });
  frame.src = url;
  return frame;
}

function loaded(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('The badge did not load.')), FRAME_LOAD_MS);
    frame.addEventListener(
      'load',
      () => {
        window.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The fallback: the badge in a new tab, printed from the browser's PDF viewer there. */
function openInTab(url: string): void {
  window.open(url, '_blank', 'noopener');
  window.setTimeout(() => URL.revokeObjectURL(url), TAB_URL_MS);
}

/**
 * Prints one participant's badge (a one-page PDF the badge's size) from the check-in station or the
 * kiosk: fetched with the station's sign-in, loaded into a frame from a blob URL, and that frame's
 * print dialog opened. Where the frame cannot print (a browser without a built-in PDF viewer, a
 * frame it will not script), the badge opens in a new tab instead. Rejects when the badge cannot be
 * fetched (an ApiError or a NetworkError: printing needs the connection).
 */
export async function printBadge(eventId: number, participantId: number): Promise<void> {
  const blob = await fetchFile(apiPaths.participantBadge(eventId, participantId));
  performance.mark(BADGE_FETCHED_MARK);
  const url = URL.createObjectURL(blob);
  dropCurrent();
  const frame = printFrame(url);
  current = { frame, url };
  document.body.appendChild(frame);
  try {
    await loaded(frame);
    const view = frame.contentWindow;
    if (!view) throw new Error('The print frame has no window.');
    view.focus();
    performance.mark(BADGE_PRINT_MARK, { detail: { participantId } });
    view.print();
  } catch {
    // The tab keeps the URL alive: the frame goes, its URL stays until the tab has it.
    frame.remove();
    if (current?.frame === frame) current = null;
    openInTab(url);
  }
}
