// npm start: build what is not built yet, then run the API and the web app in this process.
import { register } from 'tsx/esm/api';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
register();
await import('../apps/api/src/server.ts');
