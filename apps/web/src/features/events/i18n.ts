import { messages } from '@attend/shared';
import { translator } from '../../lib/i18n';

/**
 * Strings of the staff event screens. Quoted ones are the specification's wording (document 2 §2,
 * §5, §8); sentences the API also sends come from the shared `messages` catalogue.
 */
export const en = {
  'list.title': 'Events',
  'list.subtitle': 'Create events, then manage their sessions, participants and check-ins.',
  'list.create': 'Create Event',
  'list.caption': 'All events',
  'list.empty': 'No events yet. Create your first event.',
  'list.loadFailed': 'Failed to load events',
  'list.tryAgain': 'Try Again',
  'list.col.name': 'Name',
  'list.col.start': 'Start Date',
  'list.col.end': 'End Date',
  'list.col.location': 'Location',
  'list.col.status': 'Status',
  'list.col.actions': 'Actions',
  'list.edit': 'Edit',
  'list.delete': 'Delete',
  'list.editLabel': 'Edit {name}',
  'list.deleteLabel': 'Delete {name}',

  'status.Completed': 'Completed',
  'status.Active': 'Active',
  'status.Upcoming': 'Upcoming',
  'badge.Active': 'Active',
  'badge.Inactive': 'Inactive',
  // What the Active badge means, beside it: the check-in switch, not whether the event runs now.
  'badge.ActiveHint': 'Check-in open',
  'badge.InactiveHint': 'Check-in closed',

  'delete.title': 'Delete event',
  'delete.confirm': 'Are you sure you want to delete this event?',
  'delete.yes': 'Delete',
  'delete.cancel': 'Cancel',
  'delete.success': 'Event deleted successfully',
  'delete.failed': 'Failed to delete event',

  'form.name': 'Event Name',
  'form.description': 'Description',
  'form.startDate': 'Start Date',
  'form.endDate': 'End Date',
  'form.location': 'Location',
  'form.isActive': 'Event is active',
  'form.timeZone': 'Time zone',
  'form.timeZoneHint':
    'Where the event happens. Every date and time of the event and its sessions is shown in this zone.',
  'form.timeZoneNone': 'No time zone matches',
  'form.country': 'Phone numbers’ country',
  'form.countryHint':
    'Phone numbers typed without a country code (0712 345 678) are read as numbers of this country. Set from the time zone; change it if needed.',
  'form.countryNone': 'None: numbers must start with + and the country code',
  'form.countryNotFound': 'No country matches',
  'form.timesIn': 'Time in {zone}',
  'form.eventNotes': 'Notes for participants',
  'form.eventNotesHint': 'Shown on the participant pages. Leave blank for the standard notes.',
  'form.groupChatUrl': 'Group chat link',
  'form.groupChatUrlHint': 'Shown to participants once they have confirmed attendance.',
  'form.supportContact': 'Contact line',
  'form.supportContactHint': 'Who participants contact about the event, shown on their pages.',
  'form.cancel': 'Cancel',
  'form.create': 'Create Event',
  'form.save': 'Save Changes',

  'create.title': 'Create Event',
  'create.success': 'Event created successfully',
  'create.failed': 'Failed to create event',

  'detail.back': 'Back to Events',
  'detail.notFound': messages.eventNotFound,
  'detail.loadFailed': 'Failed to load event details',
  'detail.fetchFailed': 'Failed to fetch event details',
  'detail.invalid': 'Invalid event data received',
  'detail.eventCode': 'Event Code',
  'detail.copy': 'Copy event code',
  'detail.copied': 'Copied to clipboard',
  'detail.copyFailed': 'Failed to copy',
  'detail.codeNote': 'Participants need this event code together with their own unique codes to log in.',
  'detail.description': 'Description',
  'detail.noDescription': 'No description provided.',
  'detail.location': 'Location',
  'detail.startDate': 'Start Date',
  'detail.endDate': 'End Date',
  'detail.timeZone': 'Time zone',
  'detail.notSet': 'Not set',
  'detail.status': 'Status',
  'detail.edit': 'Edit Event',
  'detail.editTitle': 'Edit Event',
  'detail.updated': 'Event updated successfully',
  'detail.updateFailed': 'Failed to update event',
  'detail.statsTitle': 'Statistics',
  'detail.stats.participants': 'Participants',
  'detail.stats.sessions': 'Sessions',
  'detail.stats.checkIns': 'Check-Ins',
  'detail.stats.confirmed': 'Confirmed',
  'detail.nav.participants': 'Participants',
  'detail.nav.sessions': 'Sessions',
  'detail.nav.checkIn': 'Check-In',
  'detail.nav.dsaReport': 'DSA Report',
  'detail.nav.messages': 'Messages',
  'detail.quickActions': 'Quick Actions',
  'detail.qa.participants': 'Manage Participants',
  'detail.qa.participantsText': 'Add, import, notify and confirm participants.',
  'detail.qa.sessions': 'Manage Sessions',
  'detail.qa.sessionsText': 'Plan sessions and sub-sessions with capacities.',
  'detail.qa.checkIn': 'Event Check-In',
  'detail.qa.checkInText': 'Scan QR codes or enter unique codes at the door.',
  'detail.qa.tags': 'Design Event Tags',
  'detail.qa.tagsText': "Design the badge in the event's colours.",

  // Issue 28: the DSA rule and the door settings in the event form
  'form.dsaSessionsPerDay': 'DSA sessions per day',
  'form.dsaSessionsPerDayHint':
    'Sessions a participant must attend in a day to earn the daily subsistence allowance (DSA). The standard notes and the DSA report use this number.',
  'form.dsaInvalid': 'Enter a whole number of sessions from 0 to 24.',
  'form.allowWalkIns': 'Scanners may add walk-ins',
  'form.allowWalkInsHint':
    'Scanner accounts can add people who are not on the list at the check-in station, which confirms and checks them in. Admins always can.',
  'form.printBadgeOnCheckIn': 'Print the badge at each door check-in',
  'form.printBadgeOnCheckInHint':
    "After each check-in at the door (the main event), the check-in station opens the participant's badge in the print dialog.",
} as const;

export type EventsKey = keyof typeof en;

/** Looks up an events string and fills `{name}` placeholders. */
export const te = translator<EventsKey>('events', en);
