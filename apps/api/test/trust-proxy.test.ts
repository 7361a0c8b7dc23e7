import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { GUESSING } from '../src/services/auth/rate-limit';
import { createTestApp, STAFF, type TestApp } from './helper';

const PROXY = '10.0.0.5';
const env = (TRUST_PROXY: string) => ({ DATA_DIR: '/nonexistent', SECRET_KEY: 'k'.repeat(40), TRUST_PROXY });

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, never "every hop"', () => {
    expect(loadConfig(env('')).trustProxy).toBe(false);
    expect(loadConfig(env('0')).trustProxy).toBe(false);
    expect(loadConfig(env('1')).trustProxy).toBe(1);
    expect(loadConfig(env('2')).trustProxy).toBe(2);
    expect(loadConfig(env('10.0.0.5, 10.1.0.0/16,::1')).trustProxy).toBe('10.0.0.5,10.1.0.0/16,::1');
    for (const bad of ['true', 'yes', '10.0.0.300', 'proxy.local', '1,2', '10.0.0.0/8/8']) {
      expect(() => loadConfig(env(bad)), bad).toThrow(/TRUST_PROXY must be the number of proxies/);
    }
  });

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: 1 });
    });
    afterAll(async () => {
      await t.close();
    });

    /** A staff sign-in as the proxy passes it on: the client's header, then the address it saw. */
    const signIn = (password: string, forwarded: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { username: STAFF.username, password },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': forwarded },
      });

    it('counts the real client however it spoofs X-Forwarded-For', async () => {
      const client = '198.51.100.77';
      for (let i = 0; i < GUESSING.staffNetwork.free; i++) {
        // The client writes its own left-most entries; the proxy appends the address it saw.
        const res = await signIn(`wrong-${i}`, `203.0.113.${i % 250}, 192.0.2.${i % 250}, ${client}`);
        expect(res.statusCode).toBe(401);
      }
      const limited = await signIn(STAFF.password, `203.0.113.251, ${client}`);
      expect(limited.statusCode).toBe(428);
      // Another client through the same proxy is not the one that failed.
      const other = await signIn(STAFF.password, '198.51.100.78');
      expect(other.statusCode).toBe(200);
    });
  });

  describe('without a proxy (TRUST_PROXY unset)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('ignores X-Forwarded-For: the socket address is the client', async () => {
      const attacker = '203.0.113.60';
      for (let i = 0; i < GUESSING.staffNetwork.free; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/token/',
          payload: { username: STAFF.username, password: `wrong-${i}` },
          remoteAddress: attacker,
          headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const limited = await t.request({
        method: 'POST',
        url: '/api/auth/token/',
        payload: STAFF,
        remoteAddress: attacker,
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      expect(limited.statusCode).toBe(428);
    });
  });
});
