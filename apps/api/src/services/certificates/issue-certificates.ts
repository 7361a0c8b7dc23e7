import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  certificateMessages,
  messages,
  type TCertificate,
  type TCertificateIssueResult,
  type TCertificateList,
  type TMyCertificate,
} from '@attend/shared';
import type { Db, DbOrTx } from '../../db/client';
import { certificates, checkIns, events, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ParticipantActor, StaffActor } from '../../lib/tokens';
import { audit } from '../audit';
import { assertAdmin } from '../auth/staff-access';
import { requireParticipant } from '../participants/scope';
import type { QrKeys } from '../qr/event-keys';
import { base64UrlEncode } from '@attend/shared';
import { certificateMessage, newCertificateId, verifyUrl } from './certificate-content';
import { certificateStandings, type Standing } from './certificate-eligibility';

/** Rows written per statement. */
const BATCH = 500;

type CertificateRow = typeof certificates.$inferSelect;

/** A certificate as staff see it. */
export function serializeCertificate(row: CertificateRow, publicUrl: string): TCertificate {
  return {
    id: row.id,
    participant_id: row.participantId,
    full_name: row.fullName,
    organization: row.organization,
    issued_at: row.issuedAt.toISOString(),
    manual: row.manual,
    note: row.note,
    withdrawn: row.withdrawnAt !== null,
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    attended: row.attended,
    verify_url: verifyUrl(publicUrl, row.id),
  };
}

/** The names of the sessions each participant was checked in at, in programme order. */
async function sessionNames(
  db: DbOrTx,
  eventId: number,
  participantIds: number[],
): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (let i = 0; i < participantIds.length; i += BATCH) {
    const rows = await db
      .select({ participantId: checkIns.participantId, name: sessions.name })
      .from(checkIns)
      .innerJoin(sessions, eq(sessions.id, checkIns.sessionId))
      .where(
        and(
          eq(checkIns.eventId, eventId),
          inArray(checkIns.participantId, participantIds.slice(i, i + BATCH)),
        ),
      )
      .orderBy(asc(sessions.startTime), asc(sessions.id));
    for (const r of rows) {
      const list = names.get(r.participantId) ?? [];
      list.push(r.name);
      names.set(r.participantId, list);
    }
  }
  return names;
}

/** Signed rows for these standings, ready to insert. */
async function draftRows(
  tx: DbOrTx,
  eventId: number,
  people: Standing[],
  qrKeys: QrKeys,
  extra: { manual: boolean; note: string; issuedBy: number },
): Promise<(typeof certificates.$inferInsert)[]> {
  const [event] = await tx
    .select({
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      location: events.location,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const sign = await qrKeys.documentSigner(tx, eventId);
  const names = await sessionNames(
    tx,
    eventId,
    people.map((p) => p.participant_id),
  );
  const issuedAt = new Date();
  return people.map((p) => {
    const content = {
      id: newCertificateId(),
      eventId,
      participantId: p.participant_id,
      fullName: p.full_name,
      organization: p.organization,
      eventName: event.name,
      startDate: event.startDate,
      endDate: event.endDate,
      location: event.location,
      attended: {
        days: p.days_present,
        days_total: p.days_total,
        sessions: p.sessions_attended,
        session_names: names.get(p.participant_id) ?? [],
      },
      issuedAt,
    };
    return {
      ...content,
      signature: base64UrlEncode(sign(certificateMessage(content))),
      manual: extra.manual,
      note: extra.note,
      issuedBy: extra.issuedBy,
    };
  });
}

/**
 * POST /api/events/{eventId}/certificates/issue/: a certificate for everyone who qualifies and has
 * none yet (a withdrawn one counts: staff withdrew it on purpose), in one transaction. Two issuings
 * at once give each participant one certificate (the unique index keeps one that is not withdrawn).
 */
export async function issueCertificates(
  db: Db,
  actor: StaffActor,
  eventId: number,
  qrKeys: QrKeys,
): Promise<TCertificateIssueResult> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const { rows } = await certificateStandings(tx, eventId);
    const qualified = rows.filter((r) => r.qualifies);
    const fresh = qualified.filter((r) => r.certificate === null);
    let issued = 0;
    for (let i = 0; i < fresh.length; i += BATCH) {
      const values = await draftRows(tx, eventId, fresh.slice(i, i + BATCH), qrKeys, {
        manual: false,
        note: '',
        issuedBy: actor.staffId,
      });
      const written = await tx
        .insert(certificates)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: certificates.id });
      issued += written.length;
    }
    await audit(tx, {
      action: 'certificates.issue',
      actor,
      eventId,
      targetType: 'event',
      targetId: eventId,
      details: { issued },
    });
    return {
      issued,
      already_issued: qualified.length - issued,
      not_qualified: rows.length - qualified.length,
    };
  });
}

/** POST /api/events/{eventId}/certificates/manual/: one certificate by hand, whatever the rules, with a note. */
export async function issueCertificateByHand(
  db: Db,
  actor: StaffActor,
  eventId: number,
  input: { participant_id: number; note: string },
  qrKeys: QrKeys,
  publicUrl: string,
): Promise<TCertificate> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await requireParticipant(tx, eventId, input.participant_id);
    const { rows } = await certificateStandings(tx, eventId, { participantId: input.participant_id });
    const person = rows[0];
    if (!person) throw new AppError('not_found', messages.participantNotFound);
    if (person.certificate && !person.certificate.withdrawn) {
      throw new AppError('conflict', certificateMessages.alreadyHasCertificate);
    }
    const values = await draftRows(tx, eventId, [person], qrKeys, {
      manual: true,
      note: input.note,
      issuedBy: actor.staffId,
    });
    const [row] = await tx.insert(certificates).values(values).onConflictDoNothing().returning();
    if (!row) throw new AppError('conflict', certificateMessages.alreadyHasCertificate);
    await audit(tx, {
      action: 'certificates.issue_manual',
      actor,
      eventId,
      targetType: 'participant',
      targetId: input.participant_id,
      details: { certificate: row.id, note: input.note },
    });
    return serializeCertificate(row, publicUrl);
  });
}

/** POST /api/events/{eventId}/certificates/{id}/withdraw/: the certificate verifies as withdrawn from now on. */
export async function withdrawCertificate(
  db: Db,
  actor: StaffActor,
  eventId: number,
  certificateId: string,
  publicUrl: string,
): Promise<TCertificate> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.id, certificateId), eq(certificates.eventId, eventId)))
      .for('update');
    if (!current) throw new AppError('not_found', certificateMessages.certificateNotFound);
    if (current.withdrawnAt) throw new AppError('conflict', certificateMessages.alreadyWithdrawn);
    const [row] = await tx
      .update(certificates)
      .set({ withdrawnAt: new Date(), withdrawnBy: actor.staffId })
      .where(eq(certificates.id, certificateId))
      .returning();
    if (!row) throw new AppError('not_found', certificateMessages.certificateNotFound);
    await audit(tx, {
      action: 'certificates.withdraw',
      actor,
      eventId,
      targetType: 'participant',
      targetId: row.participantId,
      details: { certificate: row.id },
    });
    return serializeCertificate(row, publicUrl);
  });
}

/** GET /api/events/{eventId}/certificates/: every certificate of the event, newest first (admins). */
export async function listCertificates(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  publicUrl: string,
): Promise<TCertificateList> {
  assertAdmin(actor);
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError('not_found', messages.eventNotFound);
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.eventId, eventId))
    .orderBy(desc(certificates.issuedAt), asc(sql`lower(${certificates.fullName})`), asc(certificates.id));
  return { count: rows.length, results: rows.map((r) => serializeCertificate(r, publicUrl)) };
}

/** The certificate of a participant that is not withdrawn, if any. */
export async function activeCertificate(db: DbOrTx, participantId: number): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.participantId, participantId), isNull(certificates.withdrawnAt)));
  return row ?? null;
}

/**
 * GET /api/participants/me/certificate/: the participant's own certificate, or null until one is
 * issued (the event page asks on every visit: no certificate yet is an answer, not an error).
 */
export async function myCertificate(
  db: DbOrTx,
  actor: ParticipantActor,
  publicUrl: string,
): Promise<TMyCertificate | null> {
  const row = await activeCertificate(db, actor.participantId);
  if (!row || row.eventId !== actor.eventId) return null;
  return { id: row.id, issued_at: row.issuedAt.toISOString(), verify_url: verifyUrl(publicUrl, row.id) };
}
