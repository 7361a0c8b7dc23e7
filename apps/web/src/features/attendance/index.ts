/** What other features and the app may use of the attendance feature. */
export { ParticipantEventView } from './components/participant-event-view';
export { OfflineNotice } from './components/offline-notice';
export { useAttendeeEventWithCopy } from './hooks/use-attendee-event-with-copy';
export { useAttendeeEvent } from './api/get-attendee-event';
export { confirmErrorMessage, useConfirmMyAttendance } from './api/confirm-my-attendance';
export { useParticipantQr } from './hooks/use-participant-qr';
export { eventDates } from './lib/event-dates';
