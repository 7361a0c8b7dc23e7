import { translator } from '../../lib/i18n';

/**
 * Strings of the staff home page (the shared header and titles are in lib/i18n). Quoted ones are
 * the specification's wording (document 2 §2 /dashboard, §8 Dashboard).
 */
export const en = {
  loadFailed: 'Failed to load dashboard data. Please refresh the page.',
  refresh: 'Refresh',

  'stats.title': 'Overview',
  'stats.events': 'Total Events',
  // 'Running now' (by the dates), not 'active': the events' own Active badge is the check-in switch.
  'stats.eventsDetail_one': '{count} running now · {upcoming} upcoming',
  'stats.eventsDetail_other': '{count} running now · {upcoming} upcoming',
  'stats.participants': 'Participants',
  'stats.participantsDetail_one': '{count} confirmed',
  'stats.participantsDetail_other': '{count} confirmed',
  'stats.checkIns': 'Check-ins',
  'stats.checkInsDetail': '{rate}% attendance rate',
  'stats.failed': 'Failed Emails',
  'stats.failedDetail_one': '{count} ready for retry',
  'stats.failedDetail_other': '{count} ready for retry',
  'stats.failedDetailSms_one': '{count} ready for retry · failed SMS: {sms}',
  'stats.failedDetailSms_other': '{count} ready for retry · failed SMS: {sms}',
  'stats.unavailable': '—',
  retryNow: 'Retry Now',
  forceRetry: 'Force Retry All Failed',
  forceRetryText: 'Send every failed e-mail and SMS again now, including those that used up their attempts.',
  forceRetryNothing: 'Nothing has failed: there is nothing to send again.',

  quickActions: 'Quick Actions',
  'qa.events': 'Manage Events',
  'qa.eventsText': 'Create events and open their sessions and participants.',
  'qa.participants': 'Manage Participants',
  'qa.participantsText': 'Choose an event to add, import, notify and confirm its participants.',
  'qa.checkIn': 'Check-In Participants',
  'qa.checkInText': 'Choose an event and scan QR codes or enter unique codes.',
  'qa.mailbox': 'Mailbox',
  'qa.mailboxText': 'Read the e-mails and SMS kept by the built-in mailbox when no SMTP server is set up.',
  'qa.staff': 'Staff Access',
  'qa.staffText': 'Give staff the scanner role for chosen events.',

  'summary.title': 'Failed Email Summary',
  'summary.pending': 'Pending',
  'summary.retryScheduled': 'Retry Scheduled',
  'summary.failedPermanently': 'Failed Permanently',
  'summary.readyToRetry': 'Ready to Retry',
  'summary.next': 'Next Scheduled Retries',
  'summary.nextAt': 'at {when}',
  'summary.more': 'and {n} more',

  'charts.activity': 'Confirmations and Check-ins',
  'charts.activityText': 'Per day over the last 14 days (UTC).',
  'charts.confirmations': 'Confirmations',
  'charts.checkIns': 'Check-ins',
  'charts.activitySummary': '{c} confirmations and {k} check-ins in the last 14 days.',
  'charts.activityEmpty': 'No confirmations or check-ins in the last 14 days.',
  'charts.messages': 'Messages by Status',
  'charts.messagesText': 'Every e-mail and SMS the app has queued.',
  'charts.messagesSeries': 'Messages',
  'charts.messagesEmpty': 'No messages yet.',
  'charts.messageCount': '{status}: {n}',

  'recent.title': 'Recent Events',
  'recent.starts': 'Starts {when}',
  'recent.participants': 'Participants',
  'recent.confirmed': 'Confirmed',
  'recent.checkedIn': 'Checked In',
} as const;

export type DashboardKey = keyof typeof en;

export const td = translator<DashboardKey>('dashboard', en);
