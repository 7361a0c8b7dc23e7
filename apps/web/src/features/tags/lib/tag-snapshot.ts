import { ZEventDetail, type TEventDetail } from '@attend/shared';

/**
 * The participant's tag as last shown (the event and the QR and logo images as data URLs), kept on
 * this device so the tag stays viewable when the venue network drops. One per participant: another
 * user signing in on the device never sees it.
 */
export type TagSnapshot = { event: TEventDetail; qr: string | null; logo: string | null };

const key = (participantId: number) => `attend.tag.${participantId}`;

export function readTagSnapshot(participantId: number, eventId: number): TagSnapshot | null {
  try {
    const raw = localStorage.getItem(key(participantId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { event?: unknown; qr?: unknown; logo?: unknown };
    const event = ZEventDetail.safeParse(parsed.event);
    if (!event.success || event.data.id !== eventId) return null;
    const image = (v: unknown) => (typeof v === 'string' && v.startsWith('data:image/') ? v : null);
    return { event: event.data, qr: image(parsed.qr), logo: image(parsed.logo) };
  } catch {
    return null;
  }
}

export function writeTagSnapshot(participantId: number, snapshot: TagSnapshot): void {
  try {
    localStorage.setItem(key(participantId), JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: the tag still shows while online.
  }
}

/** An image URL as a data URL (same origin), so it can be kept and drawn into the PNG. */
export async function imageDataUrl(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`Image answered ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(blob);
  });
}
