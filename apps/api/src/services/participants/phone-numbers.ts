import { eq } from 'drizzle-orm';
import { format, messages } from '@attend/shared';
import { toE164 } from '@attend/shared/phone';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The event's phone country ('' for none); 404 'Event not found' when there is no such event. */
export async function eventPhoneCountry(db: DbOrTx, eventId: number): Promise<string> {
  const [row] = await db
    .select({ country: events.defaultCountry })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', messages.eventNotFound);
  return row.country;
}

/**
 * A typed phone number as stored: E.164 read with the event's country (0712 345 678 in KE is
 * +254712345678), '' for none, or why it cannot be a phone number.
 */
export function readPhone(raw: string, country: string): { phone: string } | { error: string } {
  const typed = raw.trim();
  if (!typed) return { phone: '' };
  const phone = toE164(typed, country);
  if (phone) return { phone };
  return {
    error: country
      ? format(messages.phoneInvalidInCountry, { phone: typed, country })
      : format(messages.phoneInvalid, { phone: typed }),
  };
}

/** readPhone for a form: the stored number, or a 400 on the phone field. */
export function phoneOrRefuse(raw: string, country: string): string {
  const read = readPhone(raw, country);
  if ('phone' in read) return read.phone;
  throw new AppError('validation_error', read.error, { errors: { phone: [read.error] } });
}
