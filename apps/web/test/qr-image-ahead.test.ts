import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareQrImage, qrStamp, withTimestamp } from '../src/features/attendance/lib/qr-image';

// The QR image fetched ahead of its page (app/fetch-ahead.ts): the page must ask for the very address
// whose download has started, once, and only for the same URL.

const URL_A = '/api/participants/qr/7.png?exp=1&sig=abc';

afterEach(() => {
  vi.useRealTimers();
  qrStamp(URL_A); // forget what a test left prepared
});

describe('the QR image fetched ahead', () => {
  it('starts downloading the address the page will show, and the page gets that stamp once', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const created: HTMLImageElement[] = [];
    const RealImage = window.Image;
    vi.stubGlobal(
      'Image',
      class extends RealImage {
        constructor() {
          super();
          created.push(this);
        }
      },
    );
    try {
      prepareQrImage(URL_A);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(created).toHaveLength(1);
    expect(created[0]?.getAttribute('src')).toBe(withTimestamp(URL_A, 1_000_000));
    vi.setSystemTime(1_002_000);
    expect(qrStamp(URL_A)).toBe(1_000_000);
    // Taken: the next page load, or a retry, gets a fresh address.
    expect(qrStamp(URL_A)).toBe(1_002_000);
  });

  it('never gives the stamp to another URL (another participant), nor after 10 s', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    prepareQrImage(URL_A);
    vi.setSystemTime(5_000_500);
    expect(qrStamp('/api/participants/qr/8.png?exp=1&sig=def')).toBe(5_000_500);
    expect(qrStamp(URL_A)).toBe(5_000_000);

    prepareQrImage(URL_A);
    vi.setSystemTime(5_011_000);
    expect(qrStamp(URL_A)).toBe(5_011_000);
  });
});
