import type { DbOrTx } from '../db/client';
import { events, participants } from '../db/schema';
import { generateEventCode, generateUniqueCode } from '../services/events/generate-codes';

export type DemoSeed = {
  event: { id: number; name: string; eventCode: string };
  participants: { id: number; fullName: string; uniqueCode: string; confirmed: boolean }[];
};

/**
 * A demo event starting tomorrow with two participants (one confirmed). Fixed codes make the
 * browser journeys repeatable; the demo command uses random ones.
 */
export async function seedDemo(
  db: DbOrTx,
  opts: { eventCode?: string; uniqueCodes?: [string, string] } = {},
): Promise<DemoSeed> {
  const day = 24 * 60 * 60 * 1000;
  const start = new Date(Math.ceil(Date.now() / day) * day + 8 * 60 * 60 * 1000);
  const [event] = await db
    .insert(events)
    .values({
      name: 'Regional Health Workshop',
      description: 'Two days of talks and hands-on sessions for district health teams.',
      startDate: start,
      endDate: new Date(start.getTime() + day + 9 * 60 * 60 * 1000),
      location: 'Kigali Conference Centre',
      // Local phone numbers are read as Rwandan ones (0788 123 456 is +250788123456).
      defaultCountry: 'RW',
      eventCode: opts.eventCode ?? generateEventCode(),
    })
    .returning();
  if (!event) throw new Error('demo event was not created');
  const codes = opts.uniqueCodes ?? [generateUniqueCode(), generateUniqueCode()];
  const rows = await db
    .insert(participants)
    .values([
      {
        eventId: event.id,
        username: 'amina.uwase',
        fullName: 'Amina Uwase',
        email: 'amina.uwase@example.org',
        phone: '+250788000001',
        organization: 'District Hospital',
        jobTitle: 'Nurse',
        uniqueCode: codes[0],
        confirmedAttendance: true,
        confirmedAt: new Date(),
      },
      {
        eventId: event.id,
        username: 'jean.habimana',
        fullName: 'Jean Habimana',
        email: 'jean.habimana@example.org',
        phone: '',
        organization: 'Ministry of Health',
        jobTitle: 'Data Officer',
        uniqueCode: codes[1],
      },
    ])
    .returning();
  return {
    event: { id: event.id, name: event.name, eventCode: event.eventCode },
    participants: rows.map((p) => ({
      id: p.id,
      fullName: p.fullName,
      uniqueCode: p.uniqueCode,
      confirmed: p.confirmedAttendance,
    })),
  };
}
