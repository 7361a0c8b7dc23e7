import { translator } from '../../lib/i18n';

/** Strings of the staff home page (the shared header and titles are in lib/i18n). */
const en = {
  quickActions: 'Quick Actions',
  'qa.events': 'Manage Events',
  'qa.eventsText': 'Create events and open their sessions and participants.',
  'qa.checkIn': 'Check-In Participants',
  'qa.checkInText': 'Choose an event and scan QR codes or enter unique codes.',
  'qa.staff': 'Staff Access',
  'qa.staffText': 'Give staff the scanner role for chosen events.',
} as const;

export type DashboardKey = keyof typeof en;

export const td = translator<DashboardKey>(en);
