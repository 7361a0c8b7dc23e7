import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helper';

const env = (vars: Record<string, string>) => ({
  DATA_DIR: '/nonexistent',
  SECRET_KEY: 'k'.repeat(40),
  ...vars,
});

describe('LANDING_STATS', () => {
  it('is live unless the operator says otherwise', () => {
    expect(loadConfig(env({})).landingStats).toEqual({ mode: 'live' });
    expect(loadConfig(env({ LANDING_STATS: 'live' })).landingStats).toEqual({ mode: 'live' });
    expect(loadConfig(env({ LANDING_STATS: ' hidden ' })).landingStats).toEqual({ mode: 'hidden' });
  });

  it('fixed takes three figures: events, attendees and a rate from 0 to 100', () => {
    expect(
      loadConfig(env({ LANDING_STATS: 'fixed', LANDING_STATS_FIGURES: '1000, 500000, 98' })).landingStats,
    ).toEqual({ mode: 'fixed', eventsCreated: 1000, participantsManaged: 500000, checkInSuccessRate: 98 });
    expect(loadConfig(env({ LANDING_STATS: 'fixed', LANDING_STATS_FIGURES: '0,0,0' })).landingStats).toEqual({
      mode: 'fixed',
      eventsCreated: 0,
      participantsManaged: 0,
      checkInSuccessRate: 0,
    });
  });

  it('refuses to start on a value it cannot read, saying what it takes', () => {
    for (const bad of ['shown', 'true', 'LIVE', 'off']) {
      expect(() => loadConfig(env({ LANDING_STATS: bad })), bad).toThrow(
        /Invalid environment:\n {2}LANDING_STATS: LANDING_STATS must be live \(counted from the database\), fixed \(the figures in LANDING_STATS_FIGURES\) or hidden\./,
      );
    }
    for (const bad of ['1000,500000', '1000,500000,101', '1000,-1,98', '10.5,2,3', 'a,b,c', '1,2,3,4']) {
      expect(() => loadConfig(env({ LANDING_STATS: 'fixed', LANDING_STATS_FIGURES: bad })), bad).toThrow(
        /LANDING_STATS_FIGURES must be three whole numbers separated by commas/,
      );
    }
    expect(() => loadConfig(env({ LANDING_STATS: 'fixed' }))).toThrow(
      /LANDING_STATS=fixed needs LANDING_STATS_FIGURES/,
    );
    // Figures beside live or hidden would be silently ignored: a mistake the operator should hear of.
    expect(() => loadConfig(env({ LANDING_STATS_FIGURES: '1000,500000,98' }))).toThrow(
      /LANDING_STATS_FIGURES is used only with LANDING_STATS=fixed \(LANDING_STATS is live\)/,
    );
    expect(() => loadConfig(env({ LANDING_STATS: 'hidden', LANDING_STATS_FIGURES: '1,2,3' }))).toThrow(
      /LANDING_STATS is hidden/,
    );
  });
});

describe('GET /api/public/stats/ as the operator chose', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const stats = async (app: TestApp) => {
    const res = await app.request({ method: 'GET', url: '/api/public/stats/' });
    expect(res.statusCode).toBe(200);
    return res.json() as unknown;
  };

  it('live: the counts of this install', async () => {
    t = await createTestApp();
    expect(await stats(t)).toEqual({
      mode: 'live',
      events_created: 1,
      participants_managed: 2,
      check_in_success_rate: null,
    });
  });

  it('fixed: the operator figures, whatever the database holds', async () => {
    const { landingStats } = loadConfig(
      env({ LANDING_STATS: 'fixed', LANDING_STATS_FIGURES: '1000,500000,98' }),
    );
    t = await createTestApp({ landingStats });
    expect(await stats(t)).toEqual({
      mode: 'fixed',
      events_created: 1000,
      participants_managed: 500000,
      check_in_success_rate: 98,
    });
  });

  it('hidden: no figure at all, so the install does not tell its size', async () => {
    t = await createTestApp({ landingStats: { mode: 'hidden' } });
    const body = await stats(t);
    expect(body).toEqual({ mode: 'hidden' });
    expect(JSON.stringify(body)).not.toMatch(/\d/);
  });
});
