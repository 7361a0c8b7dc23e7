import { ACTIVITY_ACTIONS, type TActivityAction, type TActivityEntry } from '@attend/shared';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { ta, type ActivityKey } from '../i18n';

export function isActivityAction(value: string | null | undefined): value is TActivityAction {
  return value != null && (ACTIVITY_ACTIONS as readonly string[]).includes(value);
}

/** The action's name in the reader's language (the recorded code for one this screen does not know). */
export function actionLabel(action: string): string {
  return isActivityAction(action) ? ta(`action.${action}` as ActivityKey) : action;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

function roleLabel(role: unknown): string {
  return role === 'scanner' ? ta('details.role.scanner') : ta('details.role.admin');
}

type Access = { role?: unknown; event_ids?: unknown };

/**
 * What the entry says beyond who, what and whom, as a sentence: the reason of an undone
 * confirmation, where and when an undone check-in was, how many messages a retry sent again, what
 * changed in a staff member's access to this event. Empty when there is nothing more to say.
 */
export function describeDetails(
  entry: TActivityEntry,
  eventId: number,
  timeZone: string | undefined,
): string {
  const d = entry.details;
  switch (entry.action) {
    case 'participant.unconfirm': {
      const reason = str(d.reason);
      return reason ? ta('details.reason', { reason }) : '';
    }
    case 'check_in.undone': {
      const record = (d.check_in ?? {}) as Record<string, unknown>;
      const at = str(record.check_in_time);
      if (!at) return '';
      return ta('details.checkIn', {
        place: record.session == null ? ta('details.door') : (str(record.session_name) ?? ''),
        when: formatDisplayDateTime(at, timeZone),
        by: str(record.checked_in_by) ?? ta('details.unknownStaff'),
      });
    }
    case 'notifications.force_retry':
    case 'notifications.retry': {
      const count = num(d.count) ?? 0;
      return d.all_events === true
        ? ta('details.messagesAllEvents', { count })
        : ta('details.messages', { count });
    }
    case 'staff.access_changed': {
      const before = (d.before ?? {}) as Access;
      const after = (d.after ?? {}) as Access;
      if (before.role !== after.role) {
        return ta('details.roleChanged', { before: roleLabel(before.role), after: roleLabel(after.role) });
      }
      const had = ids(before.event_ids).includes(eventId);
      const has = ids(after.event_ids).includes(eventId);
      if (has && !had) return ta('details.granted', { role: roleLabel(after.role) });
      if (had && !has) return ta('details.withdrawn', { role: roleLabel(before.role) });
      return '';
    }
    case 'staff.created':
    case 'staff.removed':
      return ta('details.granted', { role: roleLabel(d.role) });
    case 'participant.bulk_confirm':
      return ta('details.confirmed', {
        confirmed: num(d.confirmed) ?? 0,
        already: num(d.already_confirmed) ?? 0,
      });
    case 'participant.update': {
      const fields = Array.isArray(d.fields) ? d.fields.filter((f) => typeof f === 'string').join(', ') : '';
      return fields ? ta('details.fields', { fields }) : '';
    }
    default:
      return '';
  }
}
