import { sw as activity } from '../features/activity/i18n.sw';
import { sw as attendance } from '../features/attendance/i18n.sw';
import { sw as certificates } from '../features/certificates/i18n.sw';
import { sw as checkIn } from '../features/check-in/i18n.sw';
import { sw as dashboard } from '../features/dashboard/i18n.sw';
import { sw as events } from '../features/events/i18n.sw';
import { sw as kiosk } from '../features/check-in/kiosk-i18n.sw';
import { sw as notifications } from '../features/notifications/i18n.sw';
import { sw as participantDashboard } from '../features/participant-dashboard/i18n.sw';
import { sw as participants } from '../features/participants/i18n.sw';
import { sw as sessions } from '../features/sessions/i18n.sw';
import { sw as staffAccess } from '../features/staff-access/i18n.sw';
import { sw as tags } from '../features/tags/i18n.sw';
import { sw as app } from '../lib/i18n.sw';
import type { LanguageBundle } from '../lib/i18n';

/**
 * Every Swahili catalogue, one namespace each: loaded as one chunk when Swahili is chosen, so the
 * first screen of everyone else carries English only.
 */
export const bundle: LanguageBundle = {
  app,
  activity,
  attendance,
  certificates,
  checkIn,
  dashboard,
  events,
  kiosk,
  notifications,
  participantDashboard,
  participants,
  sessions,
  staffAccess,
  tags,
};
