import { describe, expect, it } from 'vitest';
import { ZPublicStats } from '@attend/shared';
import { isPublicStats } from '../src/features/landing/api/get-public-stats';

// The landing page checks the figures by hand (no zod on the first screen): the check must agree
// with the shared schema the API answers with.
describe('isPublicStats', () => {
  const good = { mode: 'live', events_created: 3, participants_managed: 1200, check_in_success_rate: 87 };
  const samples: unknown[] = [
    good,
    { ...good, mode: 'fixed' },
    { ...good, mode: 'shown' },
    { events_created: 3, participants_managed: 1200, check_in_success_rate: 87 },
    { mode: 'hidden' },
    { mode: 'live' },
    { mode: 'fixed', events_created: 3 },
    { ...good, check_in_success_rate: null },
    { ...good, check_in_success_rate: 0 },
    { ...good, check_in_success_rate: 100 },
    { ...good, check_in_success_rate: 101 },
    { ...good, check_in_success_rate: -1 },
    { ...good, check_in_success_rate: 12.5 },
    { ...good, events_created: '3' },
    { ...good, participants_managed: 1.5 },
    { mode: 'live', events_created: 3, participants_managed: 1 },
    null,
    [],
    'stats',
  ];

  it('accepts exactly what ZPublicStats accepts', () => {
    for (const sample of samples) {
      expect(isPublicStats(sample), JSON.stringify(sample)).toBe(ZPublicStats.safeParse(sample).success);
    }
  });

  it('refuses a negative count, which the schema lets through but no platform has', () => {
    expect(isPublicStats({ ...good, events_created: -1 })).toBe(false);
  });
});
