import { fileNamePart } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import type { StaffActor } from '../../lib/tokens';
import { assertEventAccess } from '../auth/staff-access';
import { requireParticipant } from '../participants/scope';
import type { QrKeys } from '../qr/event-keys';
import { drawBadgeSheets, type BadgeSheets } from './render-badge-sheets';

/**
 * GET /api/events/{eventId}/participants/{participantId}/badge.pdf: one participant's badge on one
 * page the size of the badge (the `single` layout of the badge sheets, drawn by the same code, so it
 * looks the same), for printing at the door. Admins, and scanners at their own events (they run the
 * station); a participant of another event is not found here. The file is
 * `badge-{full name with underscores}-{event code}-{participant id}.pdf`. The badge carries the name,
 * organisation, event and the signed check-in QR code, never the unique code.
 */
export async function renderParticipantBadge(
  db: DbOrTx,
  actor: StaffActor,
  params: { eventId: number; participantId: number; qrKeys: QrKeys },
  onError: (err: unknown) => void = () => {},
): Promise<BadgeSheets> {
  const { eventId, participantId } = params;
  await assertEventAccess(db, actor, eventId);
  const person = await requireParticipant(db, eventId, participantId);
  const pdf = await drawBadgeSheets(
    db,
    eventId,
    { selection: { participantIds: [participantId] }, layout: 'single', qrKeys: params.qrKeys },
    onError,
  );
  // Named after the person, in their own script (the route sends it RFC 5987-encoded).
  const name = fileNamePart(person.fullName, 'participant');
  return {
    ...pdf,
    filename: pdf.filename.replace(
      /^badges-(.*)\.pdf$/,
      (_, code: string) => `badge-${name}-${code}-${participantId}.pdf`,
    ),
  };
}
