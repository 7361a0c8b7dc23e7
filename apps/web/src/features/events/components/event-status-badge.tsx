import { TimeStatusBadge } from '../../../components/time-status-badge';
import { te } from '../i18n';

/** The event's Completed / Active / Upcoming from its dates now (document 2 §4). */
export function EventStatusBadge({ start, end }: { start: string; end: string }) {
  return <TimeStatusBadge start={start} end={end} label={(status) => te(`status.${status}`)} />;
}
