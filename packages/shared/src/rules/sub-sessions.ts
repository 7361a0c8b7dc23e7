import { format, messages } from '../messages';
import { within, type TimeRange } from './time';

export type SubSessionType = 'concurrent' | 'sequential';
export const SUB_SESSION_TYPES = ['concurrent', 'sequential'] as const;
export const MIN_SUB_SESSIONS = 2;
export const MAX_SUB_SESSIONS = 50;
/** A sequential slot shorter than this would be useless to anyone. */
export const MIN_SEQUENTIAL_SLOT_MS = 60_000;

/**
 * Even distribution (document 2 §5): each group gets floor(max / n) and the remainder is spread
 * one each over the first groups. A parent max of 0 (unlimited) leaves every group unlimited.
 */
export function evenCapacities(parentMax: number, count: number): number[] {
  if (parentMax <= 0) return Array.from({ length: count }, () => 0);
  const base = Math.floor(parentMax / count);
  const remainder = parentMax % count;
  return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** The form's 'Exceeds parent capacity!' warning: custom capacities adding up to more than the parent's. */
export function exceedsParentCapacity(capacities: readonly number[], parentMax: number): boolean {
  return parentMax > 0 && capacities.reduce((sum, c) => sum + c, 0) > parentMax;
}

/** Why custom capacities are refused, or null: one whole number per group, each 0 to the parent's max. */
export function customCapacitiesError(
  capacities: readonly number[],
  parentMax: number,
  count: number,
): string | null {
  if (capacities.length !== count) return format(messages.customCapacityCount, { count });
  const max = Math.max(0, parentMax);
  if (capacities.some((c) => !Number.isInteger(c) || c < 0 || c > max)) {
    return format(messages.customCapacityRange, { max });
  }
  return null;
}

/**
 * Equal consecutive slots covering the window exactly: slot i runs from start + i·d/n to
 * start + (i+1)·d/n (milliseconds, rounded), the last one ending at the window's end.
 */
export function sequentialSlots(start: Date, end: Date, count: number): { start: Date; end: Date }[] {
  const from = start.getTime();
  const span = end.getTime() - from;
  const at = (i: number) => new Date(i === count ? end.getTime() : from + Math.round((i * span) / count));
  return Array.from({ length: count }, (_, i) => ({ start: at(i), end: at(i + 1) }));
}

export type SubSessionParent = { name: string; start: Date; end: Date; maxParticipants: number };
export type SubSessionConfig = {
  num_sub_sessions: number;
  sub_session_type: SubSessionType;
  prefix_name?: string | null;
  custom_capacities?: readonly number[] | null;
};
export type PlannedSubSession = { name: string; start: Date; end: Date; maxParticipants: number };
export type SubSessionPlan =
  | { ok: true; subSessions: PlannedSubSession[] }
  | { ok: false; field: keyof SubSessionConfig; message: string };

/** Default name stem: '{parent} - Group' for concurrent groups, '{parent} - Part' for sequential slots. */
export function subSessionName(
  parentName: string,
  type: SubSessionType,
  index: number,
  prefix?: string | null,
): string {
  const stem = prefix?.trim() || `${parentName} - ${type === 'concurrent' ? 'Group' : 'Part'}`;
  return `${stem} ${index + 1}`;
}

/**
 * Plans automatic sub-sessions of a parent: concurrent ones share the parent's times, sequential
 * ones split its window into equal consecutive slots; capacities are the custom ones or the even
 * distribution of the parent's max.
 */
export function planSubSessions(parent: SubSessionParent, config: SubSessionConfig): SubSessionPlan {
  const n = config.num_sub_sessions;
  if (!Number.isInteger(n) || n < MIN_SUB_SESSIONS) {
    return { ok: false, field: 'num_sub_sessions', message: messages.subSessionCountMin };
  }
  if (n > MAX_SUB_SESSIONS) {
    return {
      ok: false,
      field: 'num_sub_sessions',
      message: format(messages.subSessionCountMax, { max: MAX_SUB_SESSIONS }),
    };
  }
  let capacities = evenCapacities(parent.maxParticipants, n);
  if (config.custom_capacities && config.custom_capacities.length > 0) {
    const error = customCapacitiesError(config.custom_capacities, parent.maxParticipants, n);
    if (error) return { ok: false, field: 'custom_capacities', message: error };
    capacities = [...config.custom_capacities];
  }
  let times: { start: Date; end: Date }[];
  if (config.sub_session_type === 'sequential') {
    if (parent.end.getTime() - parent.start.getTime() < n * MIN_SEQUENTIAL_SLOT_MS) {
      return {
        ok: false,
        field: 'num_sub_sessions',
        message: format(messages.sequentialTooShort, { count: n }),
      };
    }
    times = sequentialSlots(parent.start, parent.end, n);
  } else {
    times = Array.from({ length: n }, () => ({ start: parent.start, end: parent.end }));
  }
  return {
    ok: true,
    subSessions: times.map((t, i) => ({
      name: subSessionName(parent.name, config.sub_session_type, i, config.prefix_name),
      start: t.start,
      end: t.end,
      maxParticipants: capacities[i] ?? 0,
    })),
  };
}

/** Why a manually entered sub-session is refused before it is sent, or null when it may be sent. */
export type ManualSubSessionProblem = 'required' | 'invalid_date' | 'end_before_start' | 'outside_parent';

/**
 * The manual form's rules, in the order the form reports them: every block named and timed, each
 * end after its start, and each block inside the parent's window (ends included). Times are ISO
 * strings; an empty string is an unreadable date.
 */
export function manualSubSessionProblem(
  blocks: readonly { name: string; start: string; end: string }[],
  parent: TimeRange,
): ManualSubSessionProblem | null {
  if (blocks.some((b) => !b.name.trim() || !b.start.trim() || !b.end.trim())) return 'required';
  for (const b of blocks) {
    const start = new Date(b.start).getTime();
    const end = new Date(b.end).getTime();
    if (Number.isNaN(start) || Number.isNaN(end)) return 'invalid_date';
    if (end <= start) return 'end_before_start';
    if (!within(b, parent)) return 'outside_parent';
  }
  return null;
}
