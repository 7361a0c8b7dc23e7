/** What other features and the app may use of the sessions feature. */
export { sessionsQueryOptions, useSessions } from './api/get-sessions';
export { nestSessions, type SessionNode } from './lib/session-tree';
