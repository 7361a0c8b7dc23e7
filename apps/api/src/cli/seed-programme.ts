import { eq } from 'drizzle-orm';
import { planSubSessions, type SubSessionConfig } from '@attend/shared';
import type { DbOrTx } from '../db/client';
import { events, sessions } from '../db/schema';

type Item = {
  day: 0 | 1;
  start: string;
  end: string;
  name: string;
  location: string;
  description: string;
  max: number;
  speakers?: string;
  whatToBring?: string;
  sessionType?: string;
  split?: SubSessionConfig;
};

/** Two days of talks, workshops, concurrent groups and sequential rotations (times in UTC). */
const PROGRAMME: Item[] = [
  {
    day: 0,
    start: '09:00',
    end: '10:30',
    name: 'Opening Plenary',
    location: 'Main Hall',
    description: 'Welcome address and the state of district health services.',
    max: 0,
    speakers: 'Dr. Grace Mukamana',
    sessionType: 'plenary',
  },
  {
    day: 0,
    start: '11:00',
    end: '12:30',
    name: 'Morning Workshops',
    location: 'Workshop Wing',
    description: 'Choose one of three hands-on groups.',
    max: 60,
    whatToBring: 'Laptop',
    sessionType: 'workshop',
    split: { num_sub_sessions: 3, sub_session_type: 'concurrent', prefix_name: 'Workshop Group' },
  },
  {
    day: 0,
    start: '12:30',
    end: '13:30',
    name: 'Networking Lunch',
    location: 'Terrace',
    description: 'Lunch with the district teams.',
    max: 0,
    sessionType: 'break',
  },
  {
    day: 0,
    start: '14:00',
    end: '16:00',
    name: 'Clinical Skills Rotation',
    location: 'Skills Lab',
    description: 'Four 30-minute stations; book one slot.',
    max: 40,
    whatToBring: 'Lab coat',
    sessionType: 'workshop',
    split: { num_sub_sessions: 4, sub_session_type: 'sequential' },
  },
  {
    day: 0,
    start: '16:30',
    end: '17:30',
    name: 'Day 1 Wrap-up',
    location: 'Main Hall',
    description: 'Summary of the day and questions.',
    max: 0,
    sessionType: 'plenary',
  },
  {
    day: 1,
    start: '09:00',
    end: '11:00',
    name: 'Data Quality Masterclass',
    location: 'Room 2',
    description: 'Cleaning and checking routine health data.',
    max: 30,
    speakers: 'Eric Niyonzima',
    whatToBring: 'Laptop with a spreadsheet program',
    sessionType: 'masterclass',
  },
  {
    day: 1,
    start: '11:30',
    end: '13:30',
    name: 'Field Visits',
    location: 'Bus park',
    description: 'Visit a health centre or a district hospital.',
    max: 40,
    whatToBring: 'Comfortable shoes',
    sessionType: 'visit',
    split: { num_sub_sessions: 2, sub_session_type: 'concurrent', custom_capacities: [15, 25] },
  },
  {
    day: 1,
    start: '14:00',
    end: '15:30',
    name: 'Panel: Community Health Workers',
    location: 'Main Hall',
    description: 'Experiences from three districts.',
    max: 0,
    sessionType: 'panel',
  },
  {
    day: 1,
    start: '16:00',
    end: '17:00',
    name: 'Closing Ceremony',
    location: 'Main Hall',
    description: 'Certificates and closing remarks.',
    max: 0,
    sessionType: 'plenary',
  },
];

function at(dayStart: number, day: number, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(dayStart + day * 86_400_000 + ((h ?? 0) * 60 + (m ?? 0)) * 60_000);
}

/**
 * Adds a two-day programme to an event, starting on the (UTC) day of its start date: plenaries,
 * a masterclass, concurrent workshop groups and field-visit groups (custom capacities), and a
 * sequential skills rotation. Sub-sessions are planned with the same rules as the API.
 */
export async function seedProgramme(
  db: DbOrTx,
  eventId: number,
): Promise<{ sessions: number; subSessions: number }> {
  const [event] = await db.select({ startDate: events.startDate }).from(events).where(eq(events.id, eventId));
  if (!event) throw new Error(`event ${eventId} does not exist`);
  const dayStart = Math.floor(event.startDate.getTime() / 86_400_000) * 86_400_000;
  let subSessions = 0;
  for (const item of PROGRAMME) {
    const details = {
      eventId,
      description: item.description,
      location: item.location,
      speakers: item.speakers ?? '',
      whatToBring: item.whatToBring ?? '',
      sessionType: item.sessionType ?? '',
    };
    const start = at(dayStart, item.day, item.start);
    const end = at(dayStart, item.day, item.end);
    const [parent] = await db
      .insert(sessions)
      .values({ ...details, name: item.name, startTime: start, endTime: end, maxParticipants: item.max })
      .returning({ id: sessions.id });
    if (!parent || !item.split) continue;
    const plan = planSubSessions({ name: item.name, start, end, maxParticipants: item.max }, item.split);
    if (!plan.ok) throw new Error(`${item.name}: ${plan.message}`);
    await db.insert(sessions).values(
      plan.subSessions.map((s) => ({
        ...details,
        parentSessionId: parent.id,
        name: s.name,
        startTime: s.start,
        endTime: s.end,
        maxParticipants: s.maxParticipants,
      })),
    );
    subSessions += plan.subSessions.length;
  }
  return { sessions: PROGRAMME.length, subSessions };
}
