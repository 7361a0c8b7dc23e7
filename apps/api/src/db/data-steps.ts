import { sql, type SQL } from 'drizzle-orm';
import { countryOfTimeZone, isE164, toE164 } from '@attend/shared/phone';

/**
 * What a data step needs of the database (either driver, or a transaction): client.ts runs the
 * steps when it opens one, so this module does not import it.
 */
type StepDb = {
  execute: (query: SQL) => Promise<unknown>;
  transaction: <T>(work: (tx: StepDb) => Promise<T>) => Promise<T>;
};

/** The rows of a raw `execute` (both drivers answer `{rows}`). */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Work done once after the SQL migrations, for what SQL cannot do itself. Each step runs in one
 * transaction that also records it in data_steps, under an advisory lock, so with several processes
 * starting at once (PostgreSQL) one does it and the others find it done; the same on PGlite.
 */
type DataStep = { name: string; run: (tx: StepDb) => Promise<Record<string, unknown>> };

/** Any fixed number, the same in every process: the lock data steps are done under. */
const LOCK_KEY = 730_018;
const PAGE = 1000;

/**
 * Migration 0018: events get a default country from their time zone (Africa/Nairobi KE), then every
 * stored phone number is read with its event's country and rewritten in E.164. A number that cannot
 * be read is kept as typed; participants.phone_invalid (a generated column) flags it.
 */
export const phonesStep: DataStep = {
  name: '0018_phones',
  async run(tx) {
    const events = resultRows<{ id: number; time_zone: string; default_country: string }>(
      await tx.execute(sql`select id, time_zone, default_country from events order by id`),
    );
    const countries = new Map<number, string>();
    let eventsSet = 0;
    for (const e of events) {
      let country = e.default_country;
      if (!country) {
        country = countryOfTimeZone(e.time_zone);
        if (country) {
          await tx.execute(sql`update events set default_country = ${country} where id = ${e.id}`);
          eventsSet++;
        }
      }
      countries.set(e.id, country);
    }
    let normalised = 0;
    let unreadable = 0;
    for (let after = 0; ;) {
      const rows = resultRows<{ id: number; event_id: number; phone: string }>(
        await tx.execute(sql`
          select id, event_id, phone from participants
          where id > ${after} and phone <> ''
          order by id limit ${PAGE}
        `),
      );
      const last = rows.at(-1);
      if (!last) break;
      after = last.id;
      const ids: number[] = [];
      const phones: string[] = [];
      for (const r of rows) {
        if (isE164(r.phone) && toE164(r.phone) === r.phone) continue;
        const e164 = toE164(r.phone, countries.get(r.event_id));
        if (!e164) {
          unreadable++;
          continue;
        }
        if (e164 === r.phone) continue;
        ids.push(r.id);
        phones.push(e164);
      }
      if (ids.length) {
        // Digits and + only: safe inside the array literals.
        await tx.execute(sql`
          update participants p set phone = v.phone
          from unnest(${`{${ids.join(',')}}`}::int[], ${`{${phones.join(',')}}`}::text[]) as v(id, phone)
          where p.id = v.id
        `);
        normalised += ids.length;
      }
    }
    return {
      events_given_a_country: eventsSet,
      phones_normalised: normalised,
      phones_unreadable: unreadable,
    };
  },
};

export const DATA_STEPS: readonly DataStep[] = [phonesStep];

/** Runs the data steps not done yet (after the SQL migrations); answers the names of those run. */
export async function runDataSteps(db: StepDb, steps: readonly DataStep[] = DATA_STEPS): Promise<string[]> {
  const done: string[] = [];
  for (const step of steps) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      const [found] = resultRows<{ name: string }>(
        await tx.execute(sql`select name from data_steps where name = ${step.name}`),
      );
      if (found) return;
      const details = await step.run(tx);
      await tx.execute(
        sql`insert into data_steps (name, details) values (${step.name}, ${JSON.stringify(details)}::jsonb)`,
      );
      done.push(step.name);
    });
  }
  return done;
}
