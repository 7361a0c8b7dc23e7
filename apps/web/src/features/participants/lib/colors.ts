/** Mantine's orange.9 under white badge text is below AA (4.3:1); this shade gives 6:1. */
export const PENDING_BADGE = '#a64200';
