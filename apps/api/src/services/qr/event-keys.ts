import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  base64UrlDecode,
  encodeQrCredential,
  generateQrKeyPair,
  messages,
  parseQrCredential,
  QR_CREDENTIAL_PAYLOAD_LENGTH,
  qrCredentialMessage,
  type QrCredential,
} from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Signs an event's QR credentials; synchronous (node:crypto), same bytes as the WebCrypto signer. */
export type QrSigner = (credential: QrCredential) => string;

// Signers by the stored key text: importing costs more than signing, and an export signs thousands.
// WebCrypto would do (the shared code uses it, and browsers verify with it), but in Node each
// subtle.sign costs about 0.3 ms of promise plumbing against 0.05 ms for crypto.sign.
const signers = new Map<string, QrSigner>();
const MAX_CACHED_KEYS = 500;

function signerFor(privateKey: string): QrSigner {
  let signer = signers.get(privateKey);
  if (!signer) {
    const der = base64UrlDecode(privateKey);
    if (!der) throw new Error('The event QR private key is not valid base64url.');
    const key: KeyObject = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
    signer = (credential) => encodeQrCredential(credential, sign(null, qrCredentialMessage(credential), key));
    if (signers.size >= MAX_CACHED_KEYS) signers.clear();
    signers.set(privateKey, signer);
  }
  return signer;
}

/**
 * The signer of the event's QR credentials. The Ed25519 pair is created on first use and stored on
 * the event; when two requests race, the first write wins and both use its key.
 */
export async function eventSigner(db: DbOrTx, eventId: number, stored?: string | null): Promise<QrSigner> {
  if (stored) return signerFor(stored);
  const [row] = await db
    .select({ privateKey: events.qrPrivateKey })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', messages.eventNotFound);
  if (row.privateKey) return signerFor(row.privateKey);
  const pair = await generateQrKeyPair();
  const [written] = await db
    .update(events)
    .set({ qrPublicKey: pair.publicKey, qrPrivateKey: pair.privateKey })
    .where(and(eq(events.id, eventId), isNull(events.qrPrivateKey)))
    .returning({ privateKey: events.qrPrivateKey });
  if (written?.privateKey) return signerFor(written.privateKey);
  return eventSigner(db, eventId);
}

/** The event's public key (base64url, raw 32 bytes) for check-in devices, creating the pair if needed. */
export async function eventPublicKey(db: DbOrTx, eventId: number): Promise<string> {
  await eventSigner(db, eventId);
  const [row] = await db.select({ publicKey: events.qrPublicKey }).from(events).where(eq(events.id, eventId));
  if (!row?.publicKey) throw new AppError('not_found', messages.eventNotFound);
  return row.publicKey;
}

/** Checks a credential's signature; the ids when it holds, else null. Synchronous (node:crypto). */
export type QrVerifier = (credential: QrCredential, signature: Uint8Array) => boolean;

const verifiers = new Map<string, QrVerifier>();

/** The verifier of an event's credentials from its public key (raw 32 bytes, base64url). */
export function verifierFor(publicKey: string): QrVerifier {
  let verifier = verifiers.get(publicKey);
  if (!verifier) {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    verifier = (credential, signature) => {
      try {
        return verify(null, qrCredentialMessage(credential), key, signature);
      } catch {
        return false;
      }
    };
    if (verifiers.size >= MAX_CACHED_KEYS) verifiers.clear();
    verifiers.set(publicKey, verifier);
  }
  return verifier;
}

/** Splits a credential into its ids and signature without checking it; null when malformed. */
export function readQrCredential(text: string): (QrCredential & { signature: Uint8Array }) | null {
  const parsed = parseQrCredential(text);
  if (!parsed) return null;
  return {
    eventId: parsed.eventId,
    participantId: parsed.participantId,
    signature: parsed.bytes.subarray(QR_CREDENTIAL_PAYLOAD_LENGTH),
  };
}
