import { and, eq, sql } from 'drizzle-orm';
import { format, messages, type TParticipantCreated, type ZParticipantCreate } from '@attend/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import type { QrUrlFor } from '../qr/qr-url';
import { generateUniqueCode } from '../events/generate-codes';
import { eventPhoneCountry, phoneOrRefuse } from './phone-numbers';
import { violatedUniqueIndex } from './scope';
import { toParticipant } from './serialize';
import { UsernameAllocator, usernameBase } from './usernames';

export type ParticipantCreateInput = z.output<typeof ZParticipantCreate>;

export function emailTaken(): AppError {
  return new AppError('validation_error', messages.participantEmailExists, {
    errors: { email: [messages.participantEmailExists] },
  });
}

export function usernameTaken(): AppError {
  return new AppError('validation_error', messages.participantUsernameExists, {
    errors: { username: [messages.participantUsernameExists] },
  });
}

/** A username for a new participant from the e-mail, unique within the event. */
export async function deriveUsername(db: DbOrTx, eventId: number, email: string): Promise<string> {
  const base = usernameBase(email);
  const taken = await db
    .select({ u: participants.username })
    .from(participants)
    .where(
      and(eq(participants.eventId, eventId), sql`starts_with(lower(${participants.username}), ${base})`),
    );
  return new UsernameAllocator(taken.map((t) => t.u)).derive(base);
}

/**
 * Adds one participant to the event with a fresh unique code. A blank username is derived from the
 * e-mail and made unique within the event; a taken e-mail or username is refused with the spec's
 * messages (also when a concurrent request wins the race, through the unique indexes).
 */
export async function createParticipant(
  db: Db,
  actor: StaffActor,
  params: { eventId: number; input: ParticipantCreateInput; qrUrlFor: QrUrlFor; ip: string },
): Promise<TParticipantCreated> {
  const { eventId, input } = params;
  const phone = phoneOrRefuse(input.phone, await eventPhoneCountry(db, eventId));
  const [sameEmail] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.eventId, eventId), sql`lower(${participants.email}) = lower(${input.email})`));
  if (sameEmail) throw emailTaken();

  let username = input.username;
  if (username) {
    const [sameUsername] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(eq(participants.eventId, eventId), sql`lower(${participants.username}) = lower(${username})`),
      );
    if (sameUsername) throw usernameTaken();
  } else {
    username = await deriveUsername(db, eventId, input.email);
  }

  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(participants)
        .values({
          eventId,
          username,
          fullName: input.full_name,
          email: input.email,
          phone,
          organization: input.organization,
          jobTitle: input.job_title,
          language: input.language ?? 'en',
          uniqueCode: generateUniqueCode(),
        })
        .returning();
      if (!row) throw new Error('participant insert returned nothing');
      await audit(db, {
        action: 'participant.create',
        actor,
        eventId,
        targetType: 'participant',
        targetId: row.id,
        ip: params.ip,
      });
      return {
        ...toParticipant(row, params.qrUrlFor),
        message: format(messages.participantCreated, { code: row.uniqueCode }),
        data: { unique_code: row.uniqueCode },
      };
    } catch (err) {
      const index = violatedUniqueIndex(err);
      if (index === 'participants_event_code_uq' && attempt < 5) continue;
      if (index === 'participants_event_email_uq') throw emailTaken();
      // A derived username taken in the meantime by a concurrent add: derive again.
      if (index === 'participants_event_username_uq' && !input.username && attempt < 5) {
        username = await deriveUsername(db, eventId, input.email);
        continue;
      }
      if (index === 'participants_event_username_uq') throw usernameTaken();
      throw err;
    }
  }
}
