// npm start: build what is not built yet (the web app, the API bundle), then run the compiled API,
// which serves the web app, in this process. No TypeScript loader at run time.
import { pathToFileURL } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { apiEntry, buildApiIfNeeded } from './build-api.mjs';

buildIfNeeded();
await buildApiIfNeeded();
await import(pathToFileURL(apiEntry).href);
