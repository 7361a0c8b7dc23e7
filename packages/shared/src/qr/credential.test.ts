import { describe, expect, it } from 'vitest';
import {
  QR_CREDENTIAL_PREFIX,
  generateQrKeyPair,
  importQrSigningKey,
  importQrVerifyKey,
  parseQrCredential,
  signQrCredential,
  verifyQrCredential,
} from './credential';
import { base32Decode, base32Encode, base64UrlDecode, base64UrlEncode } from './encoding';

const QR_ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/;

describe('QR credential', () => {
  it('signs and verifies event and participant ids with the event key, offline', async () => {
    const keys = await generateQrKeyPair();
    const signing = await importQrSigningKey(keys.privateKey);
    const text = await signQrCredential(signing, { eventId: 12, participantId: 345678 });
    expect(text.startsWith(QR_CREDENTIAL_PREFIX)).toBe(true);
    // Compact and in the QR alphanumeric alphabet: 4 + 117 characters fit a version 5 code at level M.
    expect(text).toMatch(QR_ALPHANUMERIC);
    expect(text).toHaveLength(121);
    expect(await verifyQrCredential(keys.publicKey, text)).toEqual({ eventId: 12, participantId: 345678 });
    const verifyKey = await importQrVerifyKey(keys.publicKey);
    expect(await verifyQrCredential(verifyKey, text)).toEqual({ eventId: 12, participantId: 345678 });
    // Deterministic: the same participant always gets the same QR.
    expect(await signQrCredential(signing, { eventId: 12, participantId: 345678 })).toBe(text);
  });

  it('fails verification when any single byte of the credential is changed', async () => {
    const keys = await generateQrKeyPair();
    const text = await signQrCredential(await importQrSigningKey(keys.privateKey), {
      eventId: 7,
      participantId: 42,
    });
    const bytes = base32Decode(text.slice(QR_CREDENTIAL_PREFIX.length));
    expect(bytes).not.toBeNull();
    if (!bytes) return;
    for (let i = 0; i < bytes.length; i++) {
      const tampered = bytes.slice();
      tampered[i] = (tampered[i] ?? 0) ^ 0x01;
      const forged = QR_CREDENTIAL_PREFIX + base32Encode(tampered);
      expect(await verifyQrCredential(keys.publicKey, forged), `byte ${i}`).toBeNull();
    }
  });

  it('names another participant or event only with a failing signature', async () => {
    const keys = await generateQrKeyPair();
    const signing = await importQrSigningKey(keys.privateKey);
    const mine = await signQrCredential(signing, { eventId: 1, participantId: 2 });
    const bytes = base32Decode(mine.slice(QR_CREDENTIAL_PREFIX.length));
    if (!bytes) throw new Error('decode failed');
    new DataView(bytes.buffer).setUint32(5, 3);
    const swapped = QR_CREDENTIAL_PREFIX + base32Encode(bytes);
    expect(parseQrCredential(swapped)?.participantId).toBe(3);
    expect(await verifyQrCredential(keys.publicKey, swapped)).toBeNull();
  });

  it('refuses a credential signed by another event key', async () => {
    const a = await generateQrKeyPair();
    const b = await generateQrKeyPair();
    const text = await signQrCredential(await importQrSigningKey(a.privateKey), {
      eventId: 1,
      participantId: 1,
    });
    expect(await verifyQrCredential(b.publicKey, text)).toBeNull();
  });

  it('answers null, never throws, for malformed input', async () => {
    const keys = await generateQrKeyPair();
    for (const text of [
      '',
      'AT1:',
      'ABCD2345',
      'AT1:abc',
      'AT1:' + 'A'.repeat(116),
      'AT1:' + 'A'.repeat(117),
      'AT2:' + 'A'.repeat(117),
      'AT1:' + '!'.repeat(117),
    ]) {
      expect(await verifyQrCredential(keys.publicKey, text), JSON.stringify(text)).toBeNull();
    }
    expect(await verifyQrCredential('not-a-key', 'AT1:' + 'A'.repeat(117))).toBeNull();
  });

  it('refuses ids out of range when signing', async () => {
    const keys = await generateQrKeyPair();
    const signing = await importQrSigningKey(keys.privateKey);
    await expect(signQrCredential(signing, { eventId: 0, participantId: 1 })).rejects.toThrow(RangeError);
    await expect(signQrCredential(signing, { eventId: 1, participantId: 2 ** 32 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('encodings', () => {
  it('round-trip base32 and base64url for every length up to 80 bytes', () => {
    for (let n = 0; n <= 80; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 37 + n) & 255);
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
      expect(base64UrlDecode(base64UrlEncode(bytes))).toEqual(bytes);
    }
  });

  it('reject characters outside the alphabet', () => {
    expect(base32Decode('abc')).toBeNull();
    expect(base32Decode('A1')).toBeNull();
    expect(base64UrlDecode('a+b/')).toBeNull();
  });
});
