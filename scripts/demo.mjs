// npm run demo: build what is not built yet, then serve a freshly seeded demo event.
import { register } from 'tsx/esm/api';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
register();
await import('../apps/api/src/cli/demo.ts');
