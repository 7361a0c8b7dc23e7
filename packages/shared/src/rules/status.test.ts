import { describe, expect, it } from 'vitest';
import { activeBadge, displayStatus, isRunning } from './status';

const now = new Date('2025-03-10T12:00:00Z');

describe('displayStatus', () => {
  it('is Completed once the end is before now', () => {
    expect(displayStatus({ start: '2025-03-10T10:00:00Z', end: '2025-03-10T11:59:59Z' }, now)).toBe(
      'Completed',
    );
  });
  it('is Active when started (start at or before now) and not ended', () => {
    expect(displayStatus({ start: '2025-03-10T12:00:00Z', end: '2025-03-10T13:00:00Z' }, now)).toBe('Active');
    expect(displayStatus({ start: '2025-03-10T11:00:00Z', end: '2025-03-10T12:00:00Z' }, now)).toBe('Active');
  });
  it('is Upcoming before the start', () => {
    expect(displayStatus({ start: '2025-03-10T12:00:01Z', end: '2025-03-10T13:00:00Z' }, now)).toBe(
      'Upcoming',
    );
  });
});

describe('event running (dashboard) and badge', () => {
  it('counts an event as running between start and end, both included', () => {
    expect(isRunning({ start: '2025-03-10T12:00:00Z', end: '2025-03-11T00:00:00Z' }, now)).toBe(true);
    expect(isRunning({ start: '2025-03-09T00:00:00Z', end: '2025-03-10T12:00:00Z' }, now)).toBe(true);
    expect(isRunning({ start: '2025-03-09T00:00:00Z', end: '2025-03-10T11:59:00Z' }, now)).toBe(false);
    expect(isRunning({ start: '2025-03-10T12:01:00Z', end: '2025-03-11T00:00:00Z' }, now)).toBe(false);
  });
  it('shows Active or Inactive from the flag', () => {
    expect(activeBadge(true)).toBe('Active');
    expect(activeBadge(false)).toBe('Inactive');
  });
});
