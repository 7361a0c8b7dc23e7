import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Event QR private keys are stored sealed: AES-256-GCM under a key derived from SECRET_KEY (HKDF-SHA256),
 * with the event id as associated data, so a database copied without SECRET_KEY yields no signing key
 * and a sealed key moved to another event does not open. Stored text: `v1.` + base64url(iv ‖ ciphertext ‖ tag).
 * Keys written before sealing existed are plain base64url PKCS#8 (no dot); they still open, and
 * `sealPlainQrKeys` seals them at start.
 */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class QrKeySealError extends Error {
  constructor(eventId: number) {
    super(
      `The QR signing key of event ${eventId} cannot be opened with this SECRET_KEY: it was sealed with ` +
        'another one. Start with the SECRET_KEY it was sealed with (see "Rotating SECRET_KEY" in SECURITY.md).',
    );
    this.name = 'QrKeySealError';
  }
}

/** The sealing key (32 bytes) for QR private keys, derived from SECRET_KEY. */
export function qrSealKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'attend', 'attend/qr-private-key/v1', 32));
}

function aad(eventId: number): Buffer {
  return Buffer.from(`attend/event/${eventId}`);
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Seals an event's private key (base64url PKCS#8) for storage. */
export function sealQrPrivateKey(sealKey: Buffer, eventId: number, privateKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
  cipher.setAAD(aad(eventId));
  const body = Buffer.concat([cipher.update(privateKey, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The private key (base64url PKCS#8) from its stored text; throws QrKeySealError with the wrong key. */
export function openQrPrivateKey(sealKey: Buffer, eventId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new QrKeySealError(eventId);
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(aad(eventId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    throw new QrKeySealError(eventId);
  }
}
