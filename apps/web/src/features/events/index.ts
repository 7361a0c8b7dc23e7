/** What other features may use of the events feature. */
export { eventQueryOptions, useEvent } from './api/get-event';
export { useUpdateEvent } from './api/update-event';
