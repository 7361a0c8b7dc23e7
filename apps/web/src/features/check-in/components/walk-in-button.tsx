import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import type { TCheckIn, TCheckInEvent } from '@attend/shared';
import { isStaff, useSession } from '../../../lib/auth-session';
import { tc } from '../i18n';
import { WalkInModal } from './walk-in-modal';

type Props = {
  eventId: number;
  /** The event as the station lists it (its walk-in setting); undefined while loading. */
  event: Pick<TCheckInEvent, 'allow_walk_ins_by_scanners'> | undefined;
  /** Where the station checks people in: null for the door. */
  session: number | null;
  sessionName: string;
  /** The station works from its offline list: a walk-in needs the server. */
  offline: boolean;
  onCheckedIn: (record: TCheckIn) => void;
};

/**
 * Add walk-in at the station: admins always, scanners when the event allows walk-ins by scanners
 * (the API refuses them otherwise). Disabled offline, saying why.
 */
export function WalkInButton({ eventId, event, session, sessionName, offline, onCheckedIn }: Props) {
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  const allowed = isStaff(user) && (user.role === 'admin' || event?.allow_walk_ins_by_scanners === true);
  if (!allowed) return null;
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" onClick={() => setOpened(true)} disabled={offline}>
        {tc('walkIn.button')}
      </Button>
      {offline && (
        <Text size="sm" c="dimmed">
          {tc('walkIn.offline')}
        </Text>
      )}
      <WalkInModal
        eventId={eventId}
        session={session}
        sessionName={sessionName}
        opened={opened}
        onClose={() => setOpened(false)}
        onCheckedIn={onCheckedIn}
      />
    </Stack>
  );
}
