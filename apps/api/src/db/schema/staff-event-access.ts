import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { staffUsers } from './staff-users';

/** The events a scanner may run check-in stations for. */
export const staffEventAccess = pgTable(
  'staff_event_access',
  {
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.eventId] })],
);
