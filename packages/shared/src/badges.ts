import { z } from 'zod';
import { MAX_ID } from './ids';

/**
 * Printable badge sheets (GET /api/events/{eventId}/badges.pdf): which participants, and how the
 * badges sit on paper. a4-4: four 3.5 × 5.5 in badges on A4 with cut marks; a4-2: two larger
 * badges (100 × 157.1 mm) on A4 with cut marks; single: one badge per page, the page the badge's size.
 */
export const BADGE_LAYOUTS = ['a4-4', 'a4-2', 'single'] as const;
export type TBadgeLayout = (typeof BADGE_LAYOUTS)[number];

/** The most ids one request may name (a longer selection prints with all_confirmed). */
export const BADGE_MAX_IDS = 5000;

export const badgeMessages = {
  nothingSelected: 'Select the participants to print badges for, or print all confirmed participants.',
  bothSelected: 'Choose either selected participants or all confirmed participants, not both.',
  badIds: 'participant_ids must be participant ids separated by commas.',
  tooManyIds: `At most ${BADGE_MAX_IDS} participants can be printed by id at once; print all confirmed participants instead.`,
  noneConfirmed:
    'No participant of this event has confirmed attendance yet, so there are no badges to print.',
  notInEvent: (ids: number[]) =>
    `These participants are not in this event: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''}.`,
} as const;

const zIdList = z
  .string()
  .trim()
  .regex(/^(\d{1,10}(\s*,\s*\d{1,10})*,?)?$/, badgeMessages.badIds)
  .transform((v, ctx) => {
    const ids = [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
      ),
    ];
    if (ids.some((id) => id < 1 || id > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: badgeMessages.badIds });
      return z.NEVER;
    }
    if (ids.length > BADGE_MAX_IDS) {
      ctx.addIssue({ code: 'custom', message: badgeMessages.tooManyIds });
      return z.NEVER;
    }
    return ids;
  });

/** The badges query: `participant_ids=1,2,3` or `all_confirmed=1`, and `layout` (default a4-4). */
export const ZBadgesQuery = z
  .object({
    participant_ids: zIdList.optional(),
    all_confirmed: z
      .enum(['1', '0', 'true', 'false'], { error: 'all_confirmed must be 1 or 0.' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    layout: z
      .enum(BADGE_LAYOUTS, { error: `Layout must be one of: ${BADGE_LAYOUTS.join(', ')}.` })
      .default('a4-4'),
  })
  .superRefine((q, ctx) => {
    const byIds = q.participant_ids !== undefined && q.participant_ids.length > 0;
    if (byIds && q.all_confirmed) ctx.addIssue({ code: 'custom', message: badgeMessages.bothSelected });
    else if (!byIds && !q.all_confirmed)
      ctx.addIssue({ code: 'custom', message: badgeMessages.nothingSelected });
  });
export type TBadgesQuery = z.input<typeof ZBadgesQuery>;
