import type { TParticipant } from '@attend/shared';
import type { participants } from '../../db/schema';
import type { QrUrlFor } from '../qr/qr-url';

export type ParticipantRow = typeof participants.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The participant as staff see it (document 2 §3). */
export function toParticipant(p: ParticipantRow, qrUrlFor: QrUrlFor): TParticipant {
  return {
    id: p.id,
    event: p.eventId,
    username: p.username,
    full_name: p.fullName,
    email: p.email,
    phone: p.phone,
    phone_invalid: p.phoneInvalid,
    organization: p.organization,
    job_title: p.jobTitle,
    language: p.language,
    unique_code: p.uniqueCode,
    confirmed_attendance: p.confirmedAttendance,
    confirmed_at: iso(p.confirmedAt),
    notification_sent: p.notificationSent,
    notification_sent_at: iso(p.notificationSentAt),
    notification_status: p.notificationStatus,
    qr_code_url: qrUrlFor(p),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
