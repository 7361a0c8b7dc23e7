import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
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
import { isSealed, openQrPrivateKey, qrSealKey, sealQrPrivateKey } from './key-seal';

/** Signs an event's QR credentials; synchronous (node:crypto), same bytes as the WebCrypto signer. */
export type QrSigner = (credential: QrCredential) => string;

const MAX_CACHED_KEYS = 500;

/**
 * The events' QR signing keys. Each event's Ed25519 pair is created on first use; the private key
 * is stored sealed under SECRET_KEY (see key-seal). Signers are kept by stored text: opening and
 * importing a key costs more than signing, and an export signs thousands. (WebCrypto would do, but in
 * Node each subtle.sign costs about 0.3 ms of promise plumbing against 0.05 ms for crypto.sign.)
 */
export class QrKeys {
  private readonly sealKey: Buffer;
  private readonly signers = new Map<string, QrSigner>();

  constructor(secretKey: string) {
    this.sealKey = qrSealKey(secretKey);
  }

  private readonly privateKeys = new Map<string, KeyObject>();

  private keyFor(eventId: number, stored: string): KeyObject {
    const cacheKey = `${eventId}:${stored}`;
    let key = this.privateKeys.get(cacheKey);
    if (!key) {
      const der = base64UrlDecode(openQrPrivateKey(this.sealKey, eventId, stored));
      if (!der) throw new Error('The event QR private key is not valid base64url.');
      key = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
      if (this.privateKeys.size >= MAX_CACHED_KEYS) this.privateKeys.clear();
      this.privateKeys.set(cacheKey, key);
    }
    return key;
  }

  private signerFor(eventId: number, stored: string): QrSigner {
    const cacheKey = `${eventId}:${stored}`;
    let signer = this.signers.get(cacheKey);
    if (!signer) {
      const key = this.keyFor(eventId, stored);
      signer = (credential) =>
        encodeQrCredential(credential, sign(null, qrCredentialMessage(credential), key));
      if (this.signers.size >= MAX_CACHED_KEYS) this.signers.clear();
      this.signers.set(cacheKey, signer);
    }
    return signer;
  }

  /** The event's sealed private key as stored, creating the pair on first use (the first write wins). */
  private async storedKey(db: DbOrTx, eventId: number): Promise<string> {
    const [row] = await db
      .select({ privateKey: events.qrPrivateKey })
      .from(events)
      .where(eq(events.id, eventId));
    if (!row) throw new AppError('not_found', messages.eventNotFound);
    if (row.privateKey) return row.privateKey;
    const pair = await generateQrKeyPair();
    const [written] = await db
      .update(events)
      .set({
        qrPublicKey: pair.publicKey,
        qrPrivateKey: sealQrPrivateKey(this.sealKey, eventId, pair.privateKey),
      })
      .where(and(eq(events.id, eventId), isNull(events.qrPrivateKey)))
      .returning({ privateKey: events.qrPrivateKey });
    if (written?.privateKey) return written.privateKey;
    return this.storedKey(db, eventId);
  }

  /**
   * The signer of the event's QR credentials, creating the pair on first use; when two requests
   * race, the first write wins and both use its key. `stored` saves a read when the caller has it.
   */
  async signer(db: DbOrTx, eventId: number, stored?: string | null): Promise<QrSigner> {
    return this.signerFor(eventId, stored || (await this.storedKey(db, eventId)));
  }

  /**
   * A signer of other documents with the same event key (certificates of attendance): the caller
   * puts a label of its own at the start of every message, so that no message it signs can be
   * read as a QR credential (whose message is a fixed-length binary payload) or the reverse.
   */
  async documentSigner(db: DbOrTx, eventId: number): Promise<(message: Buffer) => Buffer> {
    const key = this.keyFor(eventId, await this.storedKey(db, eventId));
    return (message) => sign(null, message, key);
  }

  /** The event's public key (base64url, raw 32 bytes) for check-in devices, creating the pair if needed. */
  async publicKey(db: DbOrTx, eventId: number): Promise<string> {
    await this.signer(db, eventId);
    const [row] = await db
      .select({ publicKey: events.qrPublicKey })
      .from(events)
      .where(eq(events.id, eventId));
    if (!row?.publicKey) throw new AppError('not_found', messages.eventNotFound);
    return row.publicKey;
  }

  /**
   * At start: seals keys stored before sealing existed, and checks that this SECRET_KEY opens the
   * stored ones (throws QrKeySealError otherwise, rather than failing on every QR code later).
   * Returns how many keys it sealed.
   */
  async prepareStored(db: DbOrTx): Promise<number> {
    const rows = await db
      .select({ id: events.id, privateKey: events.qrPrivateKey })
      .from(events)
      .where(isNotNull(events.qrPrivateKey));
    let sealed = 0;
    for (const row of rows) {
      if (!row.privateKey) continue;
      if (isSealed(row.privateKey)) {
        openQrPrivateKey(this.sealKey, row.id, row.privateKey);
        continue;
      }
      await db
        .update(events)
        .set({ qrPrivateKey: sealQrPrivateKey(this.sealKey, row.id, row.privateKey) })
        .where(and(eq(events.id, row.id), eq(events.qrPrivateKey, row.privateKey)));
      sealed++;
    }
    return sealed;
  }

  /** Re-seals every stored key under `next` (SECRET_KEY rotation); returns how many. */
  async resealStored(db: DbOrTx, next: QrKeys): Promise<number> {
    const rows = await db
      .select({ id: events.id, privateKey: events.qrPrivateKey })
      .from(events)
      .where(isNotNull(events.qrPrivateKey));
    for (const row of rows) {
      if (!row.privateKey) continue;
      const plain = openQrPrivateKey(this.sealKey, row.id, row.privateKey);
      await db
        .update(events)
        .set({ qrPrivateKey: sealQrPrivateKey(next.sealKey, row.id, plain) })
        .where(eq(events.id, row.id));
    }
    return rows.length;
  }
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

const publicKeys = new Map<string, KeyObject>();

/**
 * Outcomes of signature checks already made, by a digest of key, content and signature. An Ed25519
 * check costs 0.2 to 0.5 ms of the only thread here (most of a public verify request), and its
 * outcome for the same three never changes, so it is kept: a row changed afterwards has another
 * digest and is checked afresh. Withdrawal is read from the row on every request, not from here.
 */
const checkedDocuments = new Map<string, boolean>();
/** Outcomes kept at most (about 100 bytes each); past that the memo starts over. */
const MAX_CHECKED_DOCUMENTS = 50_000;

/** Checks a document signed by documentSigner against the event's public key (base64url, raw). */
export function verifyDocument(publicKey: string, message: Buffer, signature: Buffer): boolean {
  const digest = createHash('sha256')
    .update(`${publicKey}\n${signature.length}\n`)
    .update(signature)
    .update(message)
    .digest('base64');
  const known = checkedDocuments.get(digest);
  if (known !== undefined) return known;
  const outcome = checkSignature(publicKey, message, signature);
  if (checkedDocuments.size >= MAX_CHECKED_DOCUMENTS) checkedDocuments.clear();
  checkedDocuments.set(digest, outcome);
  return outcome;
}

function checkSignature(publicKey: string, message: Buffer, signature: Buffer): boolean {
  try {
    let key = publicKeys.get(publicKey);
    if (!key) {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
      if (publicKeys.size >= MAX_CACHED_KEYS) publicKeys.clear();
      publicKeys.set(publicKey, key);
    }
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}
