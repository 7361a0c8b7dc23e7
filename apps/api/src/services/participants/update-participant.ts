import { and, eq, ne, sql } from 'drizzle-orm';
import { messages, normalizeCode, type TParticipant, type ZParticipantUpdate } from '@attend/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import type { QrUrlFor } from '../qr/qr-url';
import { emailTaken } from './create-participant';
import { eventPhoneCountry, phoneOrRefuse } from './phone-numbers';
import { requireParticipant, violatedUniqueIndex } from './scope';
import { toParticipant } from './serialize';

export type ParticipantUpdateInput = z.output<typeof ZParticipantUpdate>;

/**
 * Edits full name, e-mail, phone, organisation and job title. Username and unique code may be sent
 * back as they are (forms post the whole object) but a different value is refused.
 */
export async function updateParticipant(
  db: Db,
  actor: StaffActor,
  params: {
    eventId: number;
    participantId: number;
    input: ParticipantUpdateInput;
    qrUrlFor: QrUrlFor;
    ip: string;
  },
): Promise<TParticipant> {
  const { eventId, input } = params;
  const current = await requireParticipant(db, eventId, params.participantId);
  const protectedErrors: Record<string, string[]> = {};
  if (input.username != null && input.username.toLowerCase() !== current.username.toLowerCase()) {
    protectedErrors.username = [messages.participantProtectedFields];
  }
  if (input.unique_code != null && normalizeCode(input.unique_code) !== current.uniqueCode) {
    protectedErrors.unique_code = [messages.participantProtectedFields];
  }
  if (Object.keys(protectedErrors).length > 0) {
    throw new AppError('validation_error', messages.participantProtectedFields, { errors: protectedErrors });
  }

  const changes: Partial<typeof participants.$inferInsert> = {};
  if (input.full_name !== undefined) changes.fullName = input.full_name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.phone !== undefined) {
    // An unchanged number (a form posts the whole object) is kept as it is, even one flagged unreadable.
    changes.phone =
      input.phone === current.phone
        ? current.phone
        : phoneOrRefuse(input.phone, await eventPhoneCountry(db, eventId));
  }
  if (input.organization !== undefined) changes.organization = input.organization;
  if (input.job_title !== undefined) changes.jobTitle = input.job_title;
  if (input.language !== undefined) changes.language = input.language;
  if (Object.keys(changes).length === 0) return toParticipant(current, params.qrUrlFor);

  if (changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase()) {
    const [other] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(
          eq(participants.eventId, eventId),
          ne(participants.id, current.id),
          sql`lower(${participants.email}) = lower(${changes.email})`,
        ),
      );
    if (other) throw emailTaken();
  }
  try {
    const [row] = await db
      .update(participants)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(participants.id, current.id), eq(participants.eventId, eventId)))
      .returning();
    if (!row) throw new AppError('not_found', messages.participantNotFound);
    await audit(db, {
      action: 'participant.update',
      actor,
      eventId,
      targetType: 'participant',
      targetId: row.id,
      ip: params.ip,
      details: { fields: Object.keys(changes) },
    });
    return toParticipant(row, params.qrUrlFor);
  } catch (err) {
    if (violatedUniqueIndex(err) === 'participants_event_email_uq') throw emailTaken();
    throw err;
  }
}
