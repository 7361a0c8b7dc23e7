import { useEffect, useState } from 'react';
import { Alert, Box, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TParticipantSelf } from '@attend/shared';
import { isParticipant, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { confirmErrorMessage, useConfirmMyAttendance } from '../api/confirm-my-attendance';
import { AttendanceStatusBadge } from '../components/attendance-status-badge';
import { OfflineNotice } from '../components/offline-notice';
import { ParticipantQrCode } from '../components/participant-qr-code';
import { useAttendeeEventWithCopy } from '../hooks/use-attendee-event-with-copy';
import { ta } from '../i18n';
import { localeDate } from '../lib/event-dates';
import { usePageTitle } from '../../../lib/use-page-title';
import classes from './qr-code-page.module.css';

/** Event details are fetched this long after the user's event id is known (document 1 §4, §9). */
export const EVENT_DETAILS_DELAY_MS = 500;

/** /qr-code (document 1 §2 QR code page). */
export function QrCodePage() {
  usePageTitle(`${ta('qrPage.documentTitle')} | ${t('app.name')}`);
  const { user } = useSession();
  if (!isParticipant(user)) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" role="alert">
          {ta('qrPage.notParticipant')}
        </Alert>
      </Container>
    );
  }
  // A different user starts from a clean page: QR data, errors and timers are per user.
  return <QrCodeScreen key={user.id} participant={user} />;
}

function QrCodeScreen({ participant }: { participant: TParticipantSelf }) {
  const eventId = participant.event.id;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), EVENT_DETAILS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eventId]);
  const { query, event, offline, savedAt } = useAttendeeEventWithCopy(participant, eventId, ready);
  const confirm = useConfirmMyAttendance({
    onConfirmed: (result) => notify(result.message || ta('confirm.readySuccess'), 'success'),
    onFailed: (err) => notify(confirmErrorMessage(err), 'error'),
  });

  const failed = query.isError && !event;
  useEffect(() => {
    if (failed) notify(ta('qrPage.eventFailed'), 'error');
  }, [failed]);

  // The event's details come 500 ms after the page opens (the spec's delay), or from the answer
  // fetched ahead: meanwhile their card is grey, and the QR code, which needs none of them, shows.
  const waiting = !ready || (query.isPending && !event && !offline);

  const onConfirm = () => confirm.mutate(participant);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{ta('qrPage.title')}</Title>
        {offline && !waiting && <OfflineNotice savedAt={savedAt} />}
        {waiting ? (
          <Paper withBorder radius="lg" p="lg" role="status" aria-label={t('app.loading')}>
            {/* The card's lines at their own heights: the QR code below does not move when they come. */}
            <Stack gap={6} aria-hidden>
              <Box
                h="calc(var(--mantine-h3-font-size) * var(--mantine-h3-line-height))"
                className={classes.line}
              >
                <Skeleton height={20} width="60%" />
              </Box>
              {['75%', '55%'].map((width) => (
                <Box
                  key={width}
                  h="calc(var(--mantine-font-size-md) * var(--mantine-line-height-md))"
                  className={classes.line}
                >
                  <Skeleton height={12} width={width} />
                </Box>
              ))}
            </Stack>
          </Paper>
        ) : !event ? (
          <Alert color="red" variant="light" role="alert">
            {ta('qrPage.eventFailed')}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="qr-event-name">
            <Stack gap={6}>
              <Title order={2} fz="h3" id="qr-event-name" data-testid="qr-event-name">
                {event.name}
              </Title>
              <Text>
                <Text span fw={600}>
                  {ta('qrPage.startDate')}:
                </Text>{' '}
                <span data-testid="qr-event-start">{localeDate(event.start_date, event.time_zone)}</span>
              </Text>
              <Text>
                <Text span fw={600}>
                  {ta('qrPage.location')}:
                </Text>{' '}
                <span data-testid="qr-event-location">{event.location}</span>
              </Text>
            </Stack>
          </Paper>
        )}
        <Paper withBorder radius="lg" p="lg" component="section" aria-label={ta('qr.title')}>
          <Stack gap="md" align="center">
            <AttendanceStatusBadge confirmed={participant.confirmed_attendance} />
            {participant.confirmed_attendance ? (
              <ParticipantQrCode participant={participant} notifyErrors={!offline} offline={offline} />
            ) : (
              <>
                <Text ta="center">{ta('qr.pendingHint')}</Text>
                {confirm.isError && (
                  <Alert color="red" variant="light" role="alert" w="100%">
                    {confirmErrorMessage(confirm.error)}
                  </Alert>
                )}
                <Button size="md" color="teal.9" onClick={onConfirm} loading={confirm.isPending}>
                  {ta('qrPage.confirm')}
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

export default QrCodePage;
