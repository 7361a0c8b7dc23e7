import { describe, expect, it } from 'vitest';
import {
  manualSubSessionProblem,
  customCapacitiesError,
  evenCapacities,
  exceedsParentCapacity,
  planSubSessions,
  sequentialSlots,
  subSessionName,
} from './sub-sessions';

const parent = {
  name: 'Breakouts',
  start: new Date('2025-03-10T14:00:00Z'),
  end: new Date('2025-03-10T16:00:00Z'),
  maxParticipants: 50,
};

describe('evenCapacities', () => {
  it('gives floor(max/n) each and spreads the remainder one each over the first groups', () => {
    expect(evenCapacities(50, 3)).toEqual([17, 17, 16]);
    expect(evenCapacities(10, 4)).toEqual([3, 3, 2, 2]);
    expect(evenCapacities(12, 4)).toEqual([3, 3, 3, 3]);
    expect(evenCapacities(3, 5)).toEqual([1, 1, 1, 0, 0]);
  });
  it('keeps every group unlimited when the parent is unlimited', () => {
    expect(evenCapacities(0, 3)).toEqual([0, 0, 0]);
  });
  it('always adds up to the parent max', () => {
    for (let max = 1; max < 60; max += 7) {
      for (let n = 2; n < 9; n++) expect(evenCapacities(max, n).reduce((a, b) => a + b, 0)).toBe(max);
    }
  });
});

describe('custom capacities', () => {
  it('accepts one whole number per group, each 0 to the parent max', () => {
    expect(customCapacitiesError([50, 0, 25], 50, 3)).toBeNull();
  });
  it('refuses a value above the parent max, negative or fractional values, and a wrong count', () => {
    expect(customCapacitiesError([51, 1, 1], 50, 3)).toBe(
      'Each custom capacity must be a whole number between 0 and 50',
    );
    expect(customCapacitiesError([-1, 1, 1], 50, 3)).toMatch(/between 0 and 50/);
    expect(customCapacitiesError([1.5, 1, 1], 50, 3)).toMatch(/between 0 and 50/);
    expect(customCapacitiesError([1, 1], 50, 3)).toBe('Provide one capacity for each sub-session (3)');
  });
  it('warns when the total exceeds the parent capacity', () => {
    expect(exceedsParentCapacity([30, 30], 50)).toBe(true);
    expect(exceedsParentCapacity([25, 25], 50)).toBe(false);
    expect(exceedsParentCapacity([30, 30], 0)).toBe(false);
  });
});

describe('sequentialSlots', () => {
  it('splits the window into equal consecutive slots ending exactly at the end', () => {
    const slots = sequentialSlots(parent.start, parent.end, 4);
    expect(
      slots.map((x) => [x.start.toISOString().slice(11, 16), x.end.toISOString().slice(11, 16)]),
    ).toEqual([
      ['14:00', '14:30'],
      ['14:30', '15:00'],
      ['15:00', '15:30'],
      ['15:30', '16:00'],
    ]);
  });
  it('handles windows that do not divide evenly into minutes', () => {
    const slots = sequentialSlots(new Date('2025-03-10T09:00:00Z'), new Date('2025-03-10T10:30:00Z'), 4);
    expect(slots.map((x) => x.end.getTime() - x.start.getTime())).toEqual([
      1_350_000, 1_350_000, 1_350_000, 1_350_000,
    ]);
    expect(slots[3]?.end.toISOString()).toBe('2025-03-10T10:30:00.000Z');
    for (let i = 1; i < slots.length; i++)
      expect(slots[i]?.start.getTime()).toBe(slots[i - 1]?.end.getTime());
  });
});

describe('planSubSessions', () => {
  it('gives concurrent groups the parent times and even capacities', () => {
    const plan = planSubSessions(parent, { num_sub_sessions: 3, sub_session_type: 'concurrent' });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.subSessions.map((x) => [x.name, x.maxParticipants])).toEqual([
      ['Breakouts - Group 1', 17],
      ['Breakouts - Group 2', 17],
      ['Breakouts - Group 3', 16],
    ]);
    for (const x of plan.subSessions) {
      expect(x.start).toEqual(parent.start);
      expect(x.end).toEqual(parent.end);
    }
  });
  it('gives sequential parts consecutive slots, custom capacities and the prefix', () => {
    const plan = planSubSessions(parent, {
      num_sub_sessions: 2,
      sub_session_type: 'sequential',
      prefix_name: 'Slot',
      custom_capacities: [10, 40],
    });
    expect(plan).toEqual({
      ok: true,
      subSessions: [
        { name: 'Slot 1', start: parent.start, end: new Date('2025-03-10T15:00:00Z'), maxParticipants: 10 },
        { name: 'Slot 2', start: new Date('2025-03-10T15:00:00Z'), end: parent.end, maxParticipants: 40 },
      ],
    });
  });
  it('keeps unlimited groups for an unlimited parent', () => {
    const plan = planSubSessions(
      { ...parent, maxParticipants: 0 },
      { num_sub_sessions: 2, sub_session_type: 'sequential' },
    );
    expect(plan.ok && plan.subSessions.map((x) => x.maxParticipants)).toEqual([0, 0]);
    expect(plan.ok && plan.subSessions.map((x) => x.name)).toEqual([
      'Breakouts - Part 1',
      'Breakouts - Part 2',
    ]);
  });
  it('refuses fewer than 2, bad custom capacities and slots shorter than a minute', () => {
    expect(planSubSessions(parent, { num_sub_sessions: 1, sub_session_type: 'concurrent' })).toEqual({
      ok: false,
      field: 'num_sub_sessions',
      message: 'Number of sub-sessions must be at least 2',
    });
    expect(planSubSessions(parent, { num_sub_sessions: 51, sub_session_type: 'concurrent' }).ok).toBe(false);
    expect(
      planSubSessions(parent, {
        num_sub_sessions: 2,
        sub_session_type: 'concurrent',
        custom_capacities: [60, 1],
      }),
    ).toMatchObject({ ok: false, field: 'custom_capacities' });
    const short = { ...parent, end: new Date(parent.start.getTime() + 3 * 60_000) };
    expect(planSubSessions(short, { num_sub_sessions: 4, sub_session_type: 'sequential' })).toMatchObject({
      ok: false,
      message: 'The session is too short to split into 4 sequential sub-sessions.',
    });
    expect(planSubSessions(short, { num_sub_sessions: 4, sub_session_type: 'concurrent' }).ok).toBe(true);
  });
  it('names groups from a prefix or the parent', () => {
    expect(subSessionName('Lab', 'concurrent', 0)).toBe('Lab - Group 1');
    expect(subSessionName('Lab', 'sequential', 2, '  ')).toBe('Lab - Part 3');
    expect(subSessionName('Lab', 'sequential', 2, 'Rotation')).toBe('Rotation 3');
  });
});

describe('manualSubSessionProblem', () => {
  const parent = { start: '2026-11-27T09:00:00.000Z', end: '2026-11-27T12:00:00.000Z' };
  const block = (start: string, end: string, name = 'Room A') => ({ name, start, end });

  it('accepts blocks inside the window, ends included', () => {
    expect(manualSubSessionProblem([block(parent.start, parent.end)], parent)).toBeNull();
  });

  it('reports a missing name or time before anything else', () => {
    expect(manualSubSessionProblem([block('x', parent.end, ' ')], parent)).toBe('required');
    expect(manualSubSessionProblem([block('', parent.end)], parent)).toBe('required');
  });

  it('reports an unreadable date, an end not after its start, and a block outside the parent', () => {
    expect(manualSubSessionProblem([block('not a date', parent.end)], parent)).toBe('invalid_date');
    expect(manualSubSessionProblem([block(parent.end, parent.start)], parent)).toBe('end_before_start');
    expect(manualSubSessionProblem([block(parent.start, parent.start)], parent)).toBe('end_before_start');
    expect(manualSubSessionProblem([block('2026-11-27T08:59:00.000Z', parent.end)], parent)).toBe(
      'outside_parent',
    );
  });
});
