import type { TParticipantSelf, TStaffSelf } from '@attend/shared';
import type { events, participants, staffUsers } from '../../db/schema';

type ParticipantRow = typeof participants.$inferSelect;
type EventRow = Pick<typeof events.$inferSelect, 'id' | 'eventCode' | 'name'>;

/** The participant as they see themselves (document 1 §3). */
export function participantSelf(p: ParticipantRow, e: EventRow, qrCodeUrl: string | null): TParticipantSelf {
  return {
    id: p.id,
    full_name: p.fullName,
    email: p.email,
    organization: p.organization,
    job_title: p.jobTitle,
    language: p.language,
    unique_code: p.uniqueCode,
    confirmed_attendance: p.confirmedAttendance,
    confirmed_at: p.confirmedAt ? p.confirmedAt.toISOString() : null,
    qr_code_url: qrCodeUrl,
    event: { id: e.id, event_code: e.eventCode },
    event_name: e.name,
    is_participant: true,
    is_staff: false,
  };
}

export function staffSelf(u: typeof staffUsers.$inferSelect, eventIds: number[]): TStaffSelf {
  return {
    id: u.id,
    username: u.username,
    full_name: u.fullName,
    email: u.email,
    is_staff: true,
    is_participant: false,
    role: u.role,
    event_ids: eventIds,
  };
}
