import { messages } from '@attend/shared';
import { translator } from '../../lib/i18n';

/**
 * Strings of the message screens (failed e-mails, an event's messages, the dev mailbox). Quoted
 * ones are the specification's wording (document 2 §2 /dashboard, §8 Dashboard); sentences the API
 * also sends come from the shared `messages` catalogue.
 */
export const en = {
  'retry.none': 'No failed emails were ready for retry',
  'retry.done_one': 'Successfully processed {count} email. {x} successful, {y} still failed.',
  'retry.done_other': 'Successfully processed {count} emails. {x} successful, {y} still failed.',
  'retry.failed': 'Failed to retry emails. Please try again.',

  'status.pending': 'Pending',
  'status.sending': 'Sending',
  'status.sent': 'Sent',
  'status.retry_scheduled': 'Retry Scheduled',
  'status.failed_permanently': 'Failed Permanently',
  'status.cancelled': 'Cancelled',
  'channel.email': 'Email',
  'channel.sms': 'SMS',

  'messages.title': '{event} - Messages',
  'messages.documentTitle': 'Messages',
  'messages.subtitle':
    'Every e-mail and SMS sent for this event, with its delivery status. A failed message can be sent again.',
  'messages.back': 'Back to Event',
  'messages.eventNotFound': messages.eventNotFound,
  'messages.refresh': 'Refresh',
  'messages.filterStatus': 'Status',
  'messages.filterChannel': 'Channel',
  'messages.all': 'All',
  'messages.caption': 'Messages of the event',
  'messages.col.recipient': 'Recipient',
  'messages.col.channel': 'Channel',
  'messages.col.subject': 'Subject',
  'messages.col.status': 'Status',
  'messages.col.attempts': 'Attempts',
  'messages.col.lastError': 'Last Error',
  'messages.col.time': 'Time',
  'messages.col.actions': 'Actions',
  'messages.attempts': '{n} of {max}',
  'messages.createdAt': 'Queued {when}',
  'messages.sentAt': 'Sent {when}',
  'messages.nextAttempt': 'Next attempt {when}',
  'messages.none': '—',
  'messages.retry': 'Retry',
  'messages.retryLabel': 'Retry the message to {recipient}',
  'messages.retryFailed': 'Failed to retry the message. Please try again.',
  'messages.empty': 'No messages yet.',
  'messages.loadFailed': 'Failed to load messages',
  'messages.tryAgain': 'Try Again',
  'messages.range': 'Showing {from}–{to} of {total}',
  'messages.pagination': 'Message pages',
  'messages.previous': 'Previous page',
  'messages.next': 'Next page',

  'mailbox.title': 'Mailbox',
  'mailbox.subtitle':
    'With no SMTP server configured, e-mails and SMS are kept here instead of being sent: exactly what each participant would have received.',
  'mailbox.recipient': 'Recipient',
  'mailbox.recipientPlaceholder': 'Exact e-mail address or phone number',
  'mailbox.refresh': 'Refresh',
  'mailbox.caption': 'Messages in the mailbox',
  'mailbox.col.recipient': 'Recipient',
  'mailbox.col.subject': 'Subject',
  'mailbox.col.channel': 'Channel',
  'mailbox.col.time': 'Time',
  'mailbox.noSubject': '(no subject)',
  'mailbox.empty': 'The mailbox is empty.',
  'mailbox.loadFailed': 'Failed to load the mailbox',
  'mailbox.tryAgain': 'Try Again',
  'mailbox.select': 'Select a message to read it.',
  'mailbox.message': 'Message',
  'mailbox.to': 'To',
  'mailbox.time': 'Time',
  'mailbox.channel': 'Channel',
  'mailbox.bodyFrame': 'Message body',
  'mailbox.plainText': 'Plain text',
  'mailbox.range': 'Showing {from}–{to} of {total}',
  'mailbox.pagination': 'Mailbox pages',
  'mailbox.previous': 'Previous page',
  'mailbox.next': 'Next page',
} as const;

export type NotificationsKey = keyof typeof en;

/** Looks up a notifications string and fills `{name}` placeholders. */
export const tn = translator<NotificationsKey>('notifications', en);
