import { and, eq, isNull } from 'drizzle-orm';
import { generateQrKeyPair, importQrSigningKey, messages, type QrKey } from '@attend/shared';
import type { DbOrTx } from '../../db/client';
import { events } from '../../db/schema';
import { AppError } from '../../lib/app-error';

// Imported keys by their stored text: importing costs more than signing, and an export signs thousands.
const imported = new Map<string, Promise<QrKey>>();
const MAX_CACHED_KEYS = 500;

function importCached(privateKey: string): Promise<QrKey> {
  let key = imported.get(privateKey);
  if (!key) {
    if (imported.size >= MAX_CACHED_KEYS) imported.clear();
    key = importQrSigningKey(privateKey);
    key.catch(() => imported.delete(privateKey));
    imported.set(privateKey, key);
  }
  return key;
}

/**
 * The event's QR signing key. The Ed25519 pair is created on first use and stored on the event; when
 * two requests race, the first write wins and both use its key.
 */
export async function eventSigningKey(db: DbOrTx, eventId: number, stored?: string | null): Promise<QrKey> {
  if (stored) return importCached(stored);
  const [row] = await db
    .select({ privateKey: events.qrPrivateKey })
    .from(events)
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('not_found', messages.eventNotFound);
  if (row.privateKey) return importCached(row.privateKey);
  const pair = await generateQrKeyPair();
  const [written] = await db
    .update(events)
    .set({ qrPublicKey: pair.publicKey, qrPrivateKey: pair.privateKey })
    .where(and(eq(events.id, eventId), isNull(events.qrPrivateKey)))
    .returning({ privateKey: events.qrPrivateKey });
  if (written?.privateKey) return importCached(written.privateKey);
  return eventSigningKey(db, eventId);
}

/** The event's public key (base64url, raw 32 bytes) for check-in devices, creating the pair if needed. */
export async function eventPublicKey(db: DbOrTx, eventId: number): Promise<string> {
  await eventSigningKey(db, eventId);
  const [row] = await db.select({ publicKey: events.qrPublicKey }).from(events).where(eq(events.id, eventId));
  if (!row?.publicKey) throw new AppError('not_found', messages.eventNotFound);
  return row.publicKey;
}
