import { translator } from '../../lib/i18n';

/** Strings of the participant dashboard (document 1 §2). */
export const en = {
  title: 'My Dashboard',
  welcome: 'Welcome, {name}!',
  upcoming: 'Upcoming Events',
  confirmed: 'Confirmed',
  pending: 'Pending',
  emptyTitle: 'No upcoming events',
  emptyText: 'You are not registered for any events yet.',
  loadFailed: 'Failed to load events',
  tryAgain: 'Try Again',
} as const;

export type ParticipantDashboardKey = keyof typeof en;

export const tpd = translator<ParticipantDashboardKey>('participantDashboard', en);
