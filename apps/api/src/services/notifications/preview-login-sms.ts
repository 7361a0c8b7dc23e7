import { eq } from 'drizzle-orm';
import { LANGUAGES, messages, type TSmsPreview } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/tokens';
import { loginSms, SMS_MAX_SEGMENTS, smsSegments } from './login-message';

/** A unique code of the real length (8 characters of the code alphabet). */
const SAMPLE_CODE = 'ABCD2345';

/**
 * The event's login SMS in each language as the outbox would make it, with a sample unique code
 * and a one-click link as long as a real one, its encoding and its segments.
 */
export async function previewLoginSms(
  db: DbOrTx,
  params: { eventId: number; publicUrl: string },
): Promise<TSmsPreview> {
  const [event] = await db.select().from(events).where(eq(events.id, params.eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const query = new URLSearchParams({ token: randomToken(16), event_id: String(event.id) });
  return {
    max_segments: SMS_MAX_SEGMENTS,
    messages: LANGUAGES.map((language) => {
      const text = loginSms({
        fullName: '',
        eventName: event.name,
        startDate: event.startDate,
        endDate: event.endDate,
        timeZone: event.timeZone,
        location: event.location,
        eventCode: event.eventCode,
        uniqueCode: SAMPLE_CODE,
        link: `${params.publicUrl}/auto-login?${query.toString()}`,
        loginUrl: `${params.publicUrl}/login`,
        language,
      });
      const cost = smsSegments(text);
      return { language, text, encoding: cost.encoding, characters: cost.units, segments: cost.segments };
    }),
  };
}
