import { z } from 'zod';

/**
 * Times the API answers with, as its OpenAPI document names them. Documentation only: they parse
 * any string, so a client reading an older answer never fails on them.
 */

/** An instant: ISO 8601 in UTC, as `Date.prototype.toISOString` writes it. */
export const ZInstant = z.string().meta({ format: 'date-time', example: '2026-11-26T05:00:00.000Z' });

/** A day of the calendar, YYYY-MM-DD. */
export const ZCalendarDay = z.string().meta({ format: 'date', example: '2026-11-26' });
