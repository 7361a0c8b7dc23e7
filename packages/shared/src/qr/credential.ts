// The check-in credential a participant's QR code carries: event id, participant id and an Ed25519
// signature by the event's key, so a check-in device holding only the event's public key can verify
// it offline. WebCrypto only, so the same code runs in Node 20+ and in the browser.
import { base32Decode, base32Encode, base64UrlDecode, base64UrlEncode } from './encoding';

/** Text before the encoded bytes; upper case so the whole credential fits QR alphanumeric mode. */
export const QR_CREDENTIAL_PREFIX = 'AT1:';
const VERSION = 1;
/** Bytes before the signature: version (1), event id (4), participant id (4). */
export const QR_CREDENTIAL_PAYLOAD_LENGTH = 9;
const PAYLOAD_LENGTH = QR_CREDENTIAL_PAYLOAD_LENGTH;
const SIGNATURE_LENGTH = 64;
// Signed together with the payload so a signature made for anything else can never pass as a credential.
const CONTEXT = new TextEncoder().encode('attend/qr-credential/v1\0');
const ALGORITHM = 'Ed25519';
const MAX_ID = 0xffffffff;

export type QrCredential = { eventId: number; participantId: number };
// Named through globalThis.crypto so the types resolve with the DOM library and with Node's alike.
type Subtle = typeof globalThis.crypto.subtle;
/** A WebCrypto key (CryptoKey). */
export type QrKey = Awaited<ReturnType<Subtle['importKey']>>;
export type QrKeyPair = { publicKey: string; privateKey: string };

function subtle(): Subtle {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available (a secure context is required in browsers).');
  return s;
}

function encodePayload({ eventId, participantId }: QrCredential): Uint8Array<ArrayBuffer> {
  for (const id of [eventId, participantId]) {
    if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw new RangeError(`Invalid id ${id}`);
  }
  const payload = new Uint8Array(PAYLOAD_LENGTH);
  const view = new DataView(payload.buffer);
  view.setUint8(0, VERSION);
  view.setUint32(1, eventId);
  view.setUint32(5, participantId);
  return payload;
}

function signedMessage(payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const message = new Uint8Array(CONTEXT.length + payload.length);
  message.set(CONTEXT);
  message.set(payload, CONTEXT.length);
  return message;
}

/** A new event key pair: public key as raw 32 bytes, private key as PKCS#8, both base64url. */
export async function generateQrKeyPair(): Promise<QrKeyPair> {
  const pair = (await subtle().generateKey(ALGORITHM, true, ['sign', 'verify'])) as {
    publicKey: QrKey;
    privateKey: QrKey;
  };
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  return { publicKey: base64UrlEncode(raw), privateKey: base64UrlEncode(pkcs8) };
}

export async function importQrSigningKey(privateKey: string): Promise<QrKey> {
  const bytes = base64UrlDecode(privateKey);
  if (!bytes) throw new Error('The event QR private key is not valid base64url.');
  return subtle().importKey('pkcs8', new Uint8Array(bytes), ALGORITHM, false, ['sign']);
}

export async function importQrVerifyKey(publicKey: string): Promise<QrKey> {
  const bytes = base64UrlDecode(publicKey);
  if (bytes?.length !== 32) throw new Error('The event QR public key must be 32 bytes of base64url.');
  return subtle().importKey('raw', new Uint8Array(bytes), ALGORITHM, false, ['verify']);
}

/** The bytes an event key signs for this credential (context string and payload). */
export function qrCredentialMessage(credential: QrCredential): Uint8Array<ArrayBuffer> {
  return signedMessage(encodePayload(credential));
}

/** The credential text from its ids and an Ed25519 signature over `qrCredentialMessage`. */
export function encodeQrCredential(credential: QrCredential, signature: Uint8Array): string {
  if (signature.length !== SIGNATURE_LENGTH) throw new RangeError('An Ed25519 signature is 64 bytes.');
  const bytes = new Uint8Array(PAYLOAD_LENGTH + SIGNATURE_LENGTH);
  bytes.set(encodePayload(credential));
  bytes.set(signature, PAYLOAD_LENGTH);
  return QR_CREDENTIAL_PREFIX + base32Encode(bytes);
}

/** Signs a credential; Ed25519 is deterministic, so the same participant always gets the same text. */
export async function signQrCredential(signingKey: QrKey, credential: QrCredential): Promise<string> {
  const signature = await subtle().sign(ALGORITHM, signingKey, qrCredentialMessage(credential));
  return encodeQrCredential(credential, new Uint8Array(signature));
}

/**
 * Reads a credential without checking its signature (to find which event's key to check it with).
 * Null when the text is not a well-formed credential.
 */
export function parseQrCredential(text: string): (QrCredential & { bytes: Uint8Array }) | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(QR_CREDENTIAL_PREFIX)) return null;
  const bytes = base32Decode(trimmed.slice(QR_CREDENTIAL_PREFIX.length));
  if (bytes?.length !== PAYLOAD_LENGTH + SIGNATURE_LENGTH) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== VERSION) return null;
  const eventId = view.getUint32(1);
  const participantId = view.getUint32(5);
  if (eventId === 0 || participantId === 0) return null;
  return { eventId, participantId, bytes };
}

/**
 * Verifies a credential with the event's public key (a CryptoKey or the stored base64url text).
 * Returns the ids when the signature is valid, otherwise null; never throws for bad input.
 */
export async function verifyQrCredential(
  publicKey: QrKey | string,
  text: string,
): Promise<QrCredential | null> {
  const parsed = parseQrCredential(text);
  if (!parsed) return null;
  try {
    const key = typeof publicKey === 'string' ? await importQrVerifyKey(publicKey) : publicKey;
    const payload = parsed.bytes.slice(0, PAYLOAD_LENGTH);
    const signature = parsed.bytes.slice(PAYLOAD_LENGTH);
    const ok = await subtle().verify(ALGORITHM, key, signature, signedMessage(payload));
    return ok ? { eventId: parsed.eventId, participantId: parsed.participantId } : null;
  } catch {
    return null;
  }
}
