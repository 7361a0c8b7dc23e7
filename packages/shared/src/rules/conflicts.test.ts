import { describe, expect, it } from 'vitest';
import { conflictMessage, effectiveRegistrations, findConflict, type ConflictSession } from './conflicts';

const s = (
  id: number,
  name: string,
  start: string,
  end: string,
  parent: number | null = null,
): ConflictSession => ({
  id,
  name,
  start: `2025-03-10T${start}:00Z`,
  end: `2025-03-10T${end}:00Z`,
  parentSessionId: parent,
});

const keynote = s(1, 'Keynote', '09:00', '10:00');
const workshop = s(2, 'Workshop', '09:30', '11:00');
const lunch = s(3, 'Lunch', '12:00', '13:00');
const breakout = s(10, 'Breakouts', '14:00', '16:00');
const groupA = s(11, 'Breakouts - Group 1', '14:00', '16:00', 10);
const groupB = s(12, 'Breakouts - Group 2', '14:00', '16:00', 10);
const part1 = s(21, 'Clinic - Part 1', '16:00', '16:30', 20);
const part2 = s(22, 'Clinic - Part 2', '16:30', '17:00', 20);

describe('findConflict', () => {
  it('finds an overlapping registered session', () => {
    expect(findConflict(workshop, [lunch, keynote])).toEqual({ session: keynote, reason: 'overlap' });
  });
  it('allows back-to-back and separate sessions', () => {
    expect(findConflict(s(4, 'Next', '10:00', '11:00'), [keynote, lunch])).toBeNull();
    expect(findConflict(lunch, [keynote])).toBeNull();
    expect(findConflict(lunch, [])).toBeNull();
  });
  it('reports the earliest clash first', () => {
    const wide = s(5, 'All morning', '08:00', '12:30');
    expect(findConflict(wide, [lunch, workshop, keynote])?.session).toBe(keynote);
  });
  it('never compares a session with itself (re-registering)', () => {
    expect(findConflict(keynote, [keynote])).toBeNull();
  });
  it('makes two sub-sessions of the same parent clash even when their times do not overlap', () => {
    expect(findConflict(groupB, [groupA])).toEqual({ session: groupA, reason: 'same_group' });
    expect(findConflict(part2, [part1])).toEqual({ session: part1, reason: 'same_group' });
  });
  it('does not compare a sub-session with its own parent', () => {
    expect(findConflict(groupA, [breakout])).toBeNull();
  });
  it('compares the chosen sub-session instead of a registered parent', () => {
    expect(effectiveRegistrations([breakout, groupA])).toEqual([groupA]);
    // Registered for the parent 14:00-16:00 and its Part 1 slot only: a 15:00 session clashes with
    // Group 1 (same times as the parent), while a parent-only registration is compared as is.
    const talk = s(6, 'Talk', '15:00', '15:30');
    expect(findConflict(talk, [breakout, groupA])).toEqual({ session: groupA, reason: 'overlap' });
    expect(findConflict(talk, [breakout])).toEqual({ session: breakout, reason: 'overlap' });
    const clinic = s(20, 'Clinic', '16:00', '17:00');
    const late = s(7, 'Late talk', '16:40', '16:50');
    expect(findConflict(late, [clinic, part1])).toBeNull();
    expect(findConflict(late, [clinic, part2])).toEqual({ session: part2, reason: 'overlap' });
  });
  it('finds overlaps between sub-sessions of different parents', () => {
    expect(findConflict(s(30, 'Other group', '15:00', '15:30', 99), [groupA])).toEqual({
      session: groupA,
      reason: 'overlap',
    });
  });
});

describe('conflictMessage', () => {
  it('uses the wording of document 1 §5 with UTC times', () => {
    expect(conflictMessage(workshop, { session: keynote, reason: 'overlap' })).toBe(
      'Cannot register for "Workshop" as it conflicts with "Keynote" (Mar 10, 2025, 9:00 AM - Mar 10, 2025, 10:00 AM UTC) which you are already registered for.',
    );
  });
  it('names a same-group clash with the group suffix', () => {
    expect(conflictMessage(groupB, { session: groupA, reason: 'same_group' })).toBe(
      'Cannot register for "Breakouts - Group 2" as it conflicts with "Breakouts - Group 1 (same session group)" (Mar 10, 2025, 2:00 PM - Mar 10, 2025, 4:00 PM UTC) which you are already registered for.',
    );
  });
  it("prints the event's wall-clock times and names its zone", () => {
    expect(conflictMessage(workshop, { session: keynote, reason: 'overlap' }, 'Africa/Kigali')).toContain(
      '(Mar 10, 2025, 11:00 AM - Mar 10, 2025, 12:00 PM CAT)',
    );
    expect(conflictMessage(workshop, { session: keynote, reason: 'overlap' }, 'Africa/Nairobi')).toContain(
      '(Mar 10, 2025, 12:00 PM - Mar 10, 2025, 1:00 PM EAT)',
    );
  });
});
