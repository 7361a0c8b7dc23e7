import { setupServer } from 'msw/node';

/** The API as the tests answer it; each test adds its handlers with `server.use(...)`. */
export const server = setupServer();
