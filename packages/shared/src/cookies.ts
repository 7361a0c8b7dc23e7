/**
 * A cookie the browser's script may read, set and cleared with the HttpOnly refresh cookie: it says
 * only that a refresh cookie exists, so an anonymous visit does not ask to refresh (and log a 401).
 */
export const SESSION_HINT_COOKIE = 'attend_session';
