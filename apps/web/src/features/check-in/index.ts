/** What other features and the app may use of the check-in feature. */
export { EventCheckInLive } from './components/event-check-in-live';
export { checkInEventsQueryOptions, useCheckInEvents } from './api/get-check-in-events';
export { forgetPacks as forgetStationRosters } from './lib/offline-store';
export { printBadge } from './lib/print-badge';
