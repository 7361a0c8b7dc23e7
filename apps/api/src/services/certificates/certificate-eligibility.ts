import { sql } from 'drizzle-orm';
import {
  dayBoundsInZone,
  dayInZone,
  readCertificateRules,
  shortfallText,
  sortByName,
  type TCertificateCandidate,
  type TCertificateEligibility,
  type TCertificateRules,
  type TCertificateShortfall,
  type TLanguage,
} from '@attend/shared';
import { resultRows, type DbOrTx } from '../../db/client';
import type { StaffActor } from '../../lib/tokens';
import { assertAdmin } from '../auth/staff-access';
import { requireEventRow } from '../check-in/event-scope';

/** The event's calendar days (YYYY-MM-DD) in its zone, first to last. */
export function eventDays(start: Date, end: Date, timeZone: string): string[] {
  const first = dayInZone(start, timeZone);
  const last = dayInZone(end, timeZone);
  const days: string[] = [];
  const at = new Date(`${first}T00:00:00Z`);
  // Bounded: an event of more than a year is read as its first 366 days.
  while (days.length < 366) {
    const day = at.toISOString().slice(0, 10);
    days.push(day);
    if (day >= last) break;
    at.setUTCDate(at.getUTCDate() + 1);
  }
  return days;
}

type Row = {
  participant_id: number;
  full_name: string;
  organization: string;
  language: string;
  confirmed: boolean;
  door: boolean;
  days_present: number;
  sessions_attended: number;
  dsa_days: number;
  cert_id: string | null;
  cert_withdrawn: boolean | null;
  cert_manual: boolean | null;
};

export type Standing = TCertificateCandidate & { language: string; days_total: number };

/** Which rules a participant's counts miss (empty: they qualify). */
export function shortfalls(
  rules: TCertificateRules,
  counts: { door: boolean; days_present: number; sessions_attended: number; dsa_days: number },
  daysTotal: number,
): TCertificateShortfall[] {
  if (rules.door === null && rules.min_sessions === null && rules.min_dsa_days === null) {
    return [{ rule: 'no_rules', have: 0, need: 0 }];
  }
  const out: TCertificateShortfall[] = [];
  if (rules.door === 'any_day' && !counts.door) out.push({ rule: 'door_any_day', have: 0, need: 1 });
  if (rules.door === 'every_day' && counts.days_present < daysTotal) {
    out.push({ rule: 'door_every_day', have: counts.days_present, need: daysTotal });
  }
  if (rules.min_sessions !== null && counts.sessions_attended < rules.min_sessions) {
    out.push({ rule: 'min_sessions', have: counts.sessions_attended, need: rules.min_sessions });
  }
  if (rules.min_dsa_days !== null && counts.dsa_days < rules.min_dsa_days) {
    out.push({ rule: 'min_dsa_days', have: counts.dsa_days, need: rules.min_dsa_days });
  }
  return out;
}

/**
 * Every participant of the event against its certificate rules, in one statement. A day counts as
 * attended when the participant was checked in at the door that day or at a session starting that
 * day (the door record is kept once per event, so later days show through sessions); a DSA day is
 * a day with at least the event's DSA number of session check-ins, for confirmed participants, as
 * the DSA report counts them. Days are the event's calendar days in its time zone.
 */
export async function certificateStandings(
  db: DbOrTx,
  eventId: number,
  opts: { participantId?: number } = {},
): Promise<{ rules: TCertificateRules; daysTotal: number; rows: Standing[] }> {
  const event = await requireEventRow(db, eventId);
  const [stored] = resultRows<{ certificate_rules: unknown }>(
    await db.execute(sql`select certificate_rules from events where id = ${eventId}`),
  );
  const rules = readCertificateRules(stored?.certificate_rules);
  const days = eventDays(event.startDate, event.endDate, event.timeZone);
  const starts = days.map((d) => dayBoundsInZone(d, event.timeZone).from.toISOString());
  const end = dayBoundsInZone(days[days.length - 1] ?? '', event.timeZone).to.toISOString();
  const first = starts[0] ?? end;
  const required = event.dsaSessionsPerDay;
  const rows = resultRows<Row>(
    await db.execute(sql`
      with bounds as (
        select ord::int as i, d from unnest(${`{${starts.join(',')}}`}::timestamptz[]) with ordinality as u(d, ord)
      ),
      marks as (
        select c.participant_id, c.session_id,
          coalesce(s.start_time, c.check_in_time) as t
        from check_ins c left join sessions s on s.id = c.session_id
        where c.event_id = ${eventId}
          ${opts.participantId === undefined ? sql`` : sql`and c.participant_id = ${opts.participantId}`}
      ),
      dayed as (
        select participant_id, session_id,
          case when t >= ${first}::timestamptz and t < ${end}::timestamptz
            then (select max(i) from bounds where d <= t) end as day
        from marks
      ),
      per as (
        select participant_id,
          bool_or(session_id is null) as door,
          count(distinct day)::int as days_present,
          count(session_id)::int as sessions_attended
        from dayed group by participant_id
      ),
      dsa as (
        select participant_id, count(*)::int as dsa_days from (
          select participant_id, day from dayed
          where session_id is not null and day is not null
          group by participant_id, day having count(*) >= ${required}
        ) d group by participant_id
      )
      select p.id as participant_id, p.full_name, p.organization, p.language,
        p.confirmed_attendance as confirmed,
        coalesce(per.door, false) as door,
        coalesce(per.days_present, 0) as days_present,
        coalesce(per.sessions_attended, 0) as sessions_attended,
        coalesce(dsa.dsa_days, 0) as dsa_days,
        cert.id as cert_id, cert.withdrawn as cert_withdrawn, cert.manual as cert_manual
      from participants p
        left join per on per.participant_id = p.id
        left join dsa on dsa.participant_id = p.id
        left join lateral (
          select c.id, c.withdrawn_at is not null as withdrawn, c.manual from certificates c
          where c.participant_id = p.id
          order by (c.withdrawn_at is null) desc, c.issued_at desc limit 1
        ) cert on true
      where p.event_id = ${eventId}
        ${opts.participantId === undefined ? sql`` : sql`and p.id = ${opts.participantId}`}
    `),
  );
  const out = rows.map((r): Standing => {
    // With no sessions required a day, every day is a DSA day for a confirmed participant.
    const dsaDays = !r.confirmed ? 0 : required === 0 ? days.length : r.dsa_days;
    const missing = shortfalls(
      rules,
      {
        door: r.door,
        days_present: r.days_present,
        sessions_attended: r.sessions_attended,
        dsa_days: dsaDays,
      },
      days.length,
    );
    return {
      participant_id: r.participant_id,
      full_name: r.full_name,
      organization: r.organization,
      language: r.language,
      qualifies: missing.length === 0,
      shortfalls: missing,
      reason: shortfallText(missing),
      days_present: r.days_present,
      sessions_attended: r.sessions_attended,
      dsa_days: dsaDays,
      days_total: days.length,
      certificate: r.cert_id
        ? { id: r.cert_id, withdrawn: r.cert_withdrawn === true, manual: r.cert_manual === true }
        : null,
    };
  });
  return { rules, daysTotal: days.length, rows: out };
}

/** GET /api/events/{eventId}/certificates/eligibility/: who qualifies, who does not and why (admins). */
export async function certificateEligibility(
  db: DbOrTx,
  actor: StaffActor,
  eventId: number,
  language: TLanguage = 'en',
): Promise<TCertificateEligibility> {
  assertAdmin(actor);
  const { rules, daysTotal, rows } = await certificateStandings(db, eventId);
  const results = sortByName(rows, (r) => r.full_name, language).map(
    ({ language: _language, days_total: _days, ...r }) => r,
  );
  return {
    rules,
    days_total: daysTotal,
    qualified_count: results.filter((r) => r.qualifies).length,
    results,
  };
}
