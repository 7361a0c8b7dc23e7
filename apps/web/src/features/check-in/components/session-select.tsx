import { Select } from '@mantine/core';
import type { TEventCheckInStats } from '@attend/shared';
import { nestSessions, useSessions } from '../../sessions';
import { tc } from '../i18n';

export const MAIN_EVENT = 'main';

export type SessionOption = { value: string; label: string; name: string };

/** Sessions as the stats or the offline pack list them, when the sessions list is not at hand. */
type StatsSession = Pick<TEventCheckInStats['sessions'][number], 'id' | 'name' | 'parent_session'>;

/**
 * Main Event first, then the sessions people register for, by start time: a session without
 * sub-sessions, or each sub-session of one (named after its parent). A session with sub-sessions is
 * not offered: nobody registers for it, so a check-in there would be refused or forced for everyone.
 */
export function sessionOptions(
  sessions: { id: number; name: string; parent_session: number | null }[] | null,
  fromStats: StatsSession[] | undefined,
): SessionOption[] {
  const main: SessionOption = {
    value: MAIN_EVENT,
    label: tc('station.mainEvent'),
    name: tc('station.mainEvent'),
  };
  const list = sessions ?? fromStats ?? [];
  const ids = new Set(list.map((s) => s.id));
  const options: SessionOption[] = [main];
  for (const s of list) {
    if (s.parent_session !== null && ids.has(s.parent_session)) continue;
    const subs = list.filter((sub) => sub.parent_session === s.id);
    if (subs.length === 0) options.push({ value: String(s.id), label: s.name, name: s.name });
    for (const sub of subs) {
      // Generated sub-sessions are named after their parent already ("Breakouts - Group 1").
      const named = sub.name.toLowerCase().includes(s.name.toLowerCase());
      options.push({
        value: String(sub.id),
        label: named ? sub.name : `${s.name} — ${sub.name}`,
        name: sub.name,
      });
    }
  }
  return options;
}

/** The options of the event (the sessions list, or else the stats' or the offline pack's sessions). */
export function useSessionOptions(eventId: number, statsSessions: StatsSession[] | undefined) {
  const sessions = useSessions(eventId);
  const nested = sessions.data ? nestSessions(sessions.data).flatMap((s) => [s, ...s.sub_sessions]) : null;
  return {
    options: sessionOptions(nested, statsSessions),
    loading: sessions.isPending && !statsSessions,
  };
}

type Props = {
  options: SessionOption[];
  value: string;
  onChange: (option: SessionOption) => void;
};

/**
 * The session selector: Main Event or a session / sub-session of the event (document 2 §2). Not a
 * text field (no typing to filter): a handheld scanner's keys while it has the focus are a scan
 * (hooks/use-scanner-bursts), not a search among the sessions.
 */
export function SessionSelect({ options, value, onChange }: Props) {
  return (
    <Select
      label={tc('station.session')}
      description={tc('station.sessionHint')}
      data={options.map(({ value: v, label }) => ({ value: v, label }))}
      value={value}
      onChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onChange(option);
      }}
      allowDeselect={false}
      size="md"
      data-testid="session-select"
    />
  );
}
