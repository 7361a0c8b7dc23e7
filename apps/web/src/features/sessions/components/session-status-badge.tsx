import { TimeStatusBadge } from '../../../components/time-status-badge';
import { ts } from '../i18n';

/** The session's Completed / Active / Upcoming from its times now (document 2 §4). */
export function SessionStatusBadge({ start, end }: { start: string; end: string }) {
  return <TimeStatusBadge start={start} end={end} label={(status) => ts(`status.${status}`)} />;
}
