import { fr as activity } from '../features/activity/i18n.fr';
import { fr as attendance } from '../features/attendance/i18n.fr';
import { fr as certificates } from '../features/certificates/i18n.fr';
import { fr as checkIn } from '../features/check-in/i18n.fr';
import { fr as dashboard } from '../features/dashboard/i18n.fr';
import { fr as events } from '../features/events/i18n.fr';
import { fr as kiosk } from '../features/check-in/kiosk-i18n.fr';
import { fr as notifications } from '../features/notifications/i18n.fr';
import { fr as participantDashboard } from '../features/participant-dashboard/i18n.fr';
import { fr as participants } from '../features/participants/i18n.fr';
import { fr as sessions } from '../features/sessions/i18n.fr';
import { fr as staffAccess } from '../features/staff-access/i18n.fr';
import { fr as tags } from '../features/tags/i18n.fr';
import { fr as app } from '../lib/i18n.fr';
import type { LanguageBundle } from '../lib/i18n';

/**
 * Every French catalogue, one namespace each: loaded as one chunk when French is chosen, so the
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
