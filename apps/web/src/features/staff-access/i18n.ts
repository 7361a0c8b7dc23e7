import { messages } from '@attend/shared';
import { translator } from '../../lib/i18n';

/** Strings of the Staff Access page (who may run check-in stations, and where). */
export const en = {
  'page.title': 'Staff Access',
  'page.subtitle':
    'Admins manage everything. Scanners only run the check-in stations of the events they are given.',
  'page.loadFailed': 'Failed to load staff accounts',
  'page.tryAgain': 'Try Again',
  'table.caption': 'Staff accounts',
  'table.username': 'Username',
  'table.name': 'Full Name',
  'table.role': 'Role',
  'table.events': 'Events',
  'table.status': 'Status',
  'table.actions': 'Actions',
  'table.empty': 'No staff accounts.',
  'table.allEvents': 'All events',
  'table.noEvents': 'No events',
  'table.active': 'Enabled',
  'table.inactive': 'Disabled',
  'table.edit': 'Change Access',
  'table.editLabel': 'Change the access of {name}',
  'table.you': 'you',
  'role.admin': 'Admin',
  'role.scanner': 'Scanner',
  'form.title': 'Access of {name}',
  'form.role': 'Role',
  'form.events': 'Events this scanner may check people in at',
  'form.eventsPlaceholder': 'Choose events',
  'form.eventsLoadFailed': 'Failed to load events',
  'form.cancel': 'Cancel',
  'form.save': 'Save Changes',
  'form.saved': 'Access of {name} updated',
  'form.failed': 'Failed to update staff access',
  'form.ownRole': messages.ownRoleUnchangeable,
} as const;

export type StaffAccessKey = keyof typeof en;

export const tsa = translator<StaffAccessKey>('staffAccess', en);
