import { memo } from 'react';
import { formatDisplayDateTime } from '../../../lib/date-time';
import type { NameMatch, NameMatches as Found } from '../hooks/use-offline-station';
import { tc } from '../i18n';
import classes from './name-matches.module.css';

type Props = {
  /** What was typed. */
  query: string;
  /** The search's answer; null while the station has no participant list yet. */
  found: Found | null;
  /** Stable across renders (the rows are memoised). */
  onCheckIn: (match: NameMatch) => void;
  /** Enter was pressed on a name: say that it checks nobody in. */
  nudge: boolean;
  timeZone?: string;
};

function checkedInText(match: NameMatch, timeZone: string | undefined): string {
  const first = match.checkedIn;
  if (!first) return tc('search.notCheckedIn');
  const when = formatDisplayDateTime(first.when, timeZone);
  return first.by === null
    ? tc('search.checkedInHere', { when })
    : tc('search.checkedIn', { when, by: first.by || tc('offline.unknownStaff') });
}

type RowProps = { match: NameMatch; onCheckIn: (match: NameMatch) => void; timeZone?: string };

/** One person; a new search with the same person and status does not rebuild the row. */
const Row = memo(
  function Row({ match, onCheckIn, timeZone }: RowProps) {
    const main = match.registered === null;
    const good = main ? match.confirmed : match.registered;
    return (
      <li className={classes.row} data-testid="name-match">
        <div className={classes.who}>
          <div className={classes.name}>{match.full_name}</div>
          {match.organization && <div className={classes.org}>{match.organization}</div>}
          <div className={classes.meta}>
            <span className={good ? classes.good : classes.bad}>
              {main
                ? tc(match.confirmed ? 'search.confirmed' : 'search.notConfirmed')
                : tc(match.registered ? 'search.registered' : 'search.notRegistered')}
            </span>
            <span className={match.checkedIn ? classes.inDone : classes.inNot}>
              {checkedInText(match, timeZone)}
            </span>
          </div>
        </div>
        <button
          type="button"
          className={match.checkedIn ? `${classes.checkIn} ${classes.checkInAgain}` : classes.checkIn}
          onClick={() => onCheckIn(match)}
          aria-label={tc('search.checkInName', { name: match.full_name })}
        >
          {tc('search.checkIn')}
        </button>
      </li>
    );
  },
  (a, b) =>
    a.onCheckIn === b.onCheckIn &&
    a.timeZone === b.timeZone &&
    a.match.id === b.match.id &&
    a.match.full_name === b.match.full_name &&
    a.match.organization === b.match.organization &&
    a.match.confirmed === b.match.confirmed &&
    a.match.registered === b.match.registered &&
    a.match.checkedIn?.when === b.match.checkedIn?.when &&
    a.match.checkedIn?.by === b.match.checkedIn?.by,
);

/**
 * The people whose name matches what was typed in the code field, each with what the door needs
 * (organisation, confirmed or registered, already checked in) and a Check in button: the way in for
 * someone who forgot their code. Nobody is checked in by name without that button. It opens over the
 * page under the field (see name-matches.module.css).
 */
export function NameMatches({ query, found, onCheckIn, nudge, timeZone }: Props) {
  const total = found?.total ?? 0;
  const shown = found?.matches.length ?? 0;
  const summary =
    found === null
      ? tc('search.noPack')
      : total === 0
        ? tc('search.none', { query: query.trim() })
        : total > shown
          ? tc('search.countMore', { shown, n: total })
          : tc('search.count', { count: total });
  return (
    <section className={classes.panel} aria-label={tc('search.label')} data-testid="name-matches">
      <p className={classes.summary} role="status" aria-live="polite">
        {summary}
      </p>
      {nudge && shown > 0 && (
        <p className={classes.nudge} data-testid="name-matches-nudge">
          {tc('search.enterHint')}
        </p>
      )}
      {shown > 0 && (
        <ul className={classes.list}>
          {found?.matches.map((match) => (
            <Row key={match.id} match={match} onCheckIn={onCheckIn} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
