// One solver of a sign-in challenge (see proof-of-work.ts). PBKDF2 through WebCrypto: the package's
// own 'altcha-lib/workers/pbkdf2' derives with node:crypto, which a browser does not have.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
