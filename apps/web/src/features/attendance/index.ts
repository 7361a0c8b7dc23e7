/** What other features and the app may use of the attendance feature. */
export { ParticipantEventView } from './components/participant-event-view';
