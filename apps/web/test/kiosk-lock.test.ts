import { afterEach, describe, expect, it } from 'vitest';
import { endKiosk, pinOpens, readKioskLock, startKiosk } from '../src/lib/kiosk-lock';

describe('kiosk lock', () => {
  afterEach(() => endKiosk());

  it('locks the browser on one event and opens only with its PIN', async () => {
    expect(readKioskLock()).toBeNull();
    const lock = await startKiosk(7, '2468');
    expect(readKioskLock()).toEqual(lock);
    expect(lock.eventId).toBe(7);
    // Only a salted hash is kept, never the PIN.
    expect(localStorage.getItem('attend.kiosk')).not.toContain('2468');
    expect(await pinOpens(lock, '2468')).toBe(true);
    expect(await pinOpens(lock, '2469')).toBe(false);
    expect(await pinOpens(lock, '')).toBe(false);
    endKiosk();
    expect(readKioskLock()).toBeNull();
  });

  it('salts each lock, and ignores a stored value that is not a lock', async () => {
    const a = await startKiosk(1, '1234');
    const b = await startKiosk(1, '1234');
    expect(a.hash).not.toBe(b.hash);
    for (const junk of [
      '{',
      '[]',
      '{"eventId":"1","salt":"a","hash":"b"}',
      '{"eventId":0,"salt":"a","hash":"b"}',
    ]) {
      localStorage.setItem('attend.kiosk', junk);
      expect(readKioskLock()).toBeNull();
    }
  });
});
