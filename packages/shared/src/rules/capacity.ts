/** max_participants 0 means unlimited. */
export function isUnlimited(maxParticipants: number): boolean {
  return maxParticipants <= 0;
}

/** A session is full when the registered count is at or above a (non-zero) maximum. */
export function isFull(maxParticipants: number, registered: number): boolean {
  return !isUnlimited(maxParticipants) && registered >= maxParticipants;
}

/** Places left: max minus registered, never below 0; null when unlimited. */
export function availableSlots(maxParticipants: number, registered: number): number | null {
  if (isUnlimited(maxParticipants)) return null;
  return Math.max(0, maxParticipants - registered);
}

/**
 * Whether someone may take a place: a full session refuses newcomers, but someone already
 * registered keeps their place (document 1 §4).
 */
export function canTakePlace(
  maxParticipants: number,
  registered: number,
  alreadyRegistered: boolean,
): boolean {
  return alreadyRegistered || !isFull(maxParticipants, registered);
}
