import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  readTagDesign,
  TAG_HEIGHT,
  TAG_WIDTH,
  tagColoursOf,
  tagTitleSize,
  type TEventDetail,
  type TParticipantSelf,
} from '@attend/shared';
import { NoticePage } from '../../../components/notice-page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { isParticipant, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { ZImageDataUrl } from '../../../lib/image-data-url';
import { keepOfflineCopy, useOfflineCopy } from '../../../lib/offline-copy';
import { saveBlob } from '../../../lib/transfer';
import { useIdParam } from '../../../lib/use-id-param';
import {
  confirmErrorMessage,
  eventDates,
  OfflineNotice,
  useAttendeeEventWithCopy,
  useConfirmMyAttendance,
  useParticipantQr,
} from '../../attendance';
import { FitToWidth } from '../components/fit-to-width';
import { TagCard } from '../components/tag-card';
import { tt } from '../i18n';
import { imageDataQueryOptions } from '../lib/image-data-query';
import { fileNamePart, tagPng } from '../lib/tag-png';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * An image URL fetched once as a data URL (kept for offline and drawn into the PNG); not fetched
 * while offline, but what was fetched stays when the network goes.
 */
function useDataUrl(url: string | null, offline: boolean) {
  return useQuery({ ...imageDataQueryOptions(url ?? ''), enabled: !!url && !offline });
}

function ConfirmPrompt() {
  const { user } = useSession();
  const confirm = useConfirmMyAttendance({
    onFailed: (err) => notify(confirmErrorMessage(err), 'error'),
  });
  return (
    <Stack gap="sm" align="center" data-testid="tag-confirm-prompt">
      <Text ta="center">{tt('tag.confirmPrompt')}</Text>
      <Button onClick={() => confirm.mutate(user)} loading={confirm.isPending}>
        {tt('tag.confirm')}
      </Button>
    </Stack>
  );
}

function TagView({
  participant,
  event,
  offline,
  savedAt,
}: {
  participant: TParticipantSelf;
  event: TEventDetail;
  offline: boolean;
  savedAt: Date | null;
}) {
  const navigate = useNavigate();
  const tagRef = useRef<HTMLDivElement>(null);
  const [downloading, setDownloading] = useState(false);
  const confirmed = participant.confirmed_attendance;
  const qr = useParticipantQr(participant);
  const keptQr = useOfflineCopy(participant.id, 'qr', ZImageDataUrl);
  const keptLogo = useOfflineCopy(participant.id, 'logo', ZImageDataUrl);
  const qrData = useDataUrl(qr.src, offline);
  const logoData = useDataUrl(event.logo_url, offline);
  // The tag image as data too, so that the PNG drawn from the tag holds it.
  const imageData = useDataUrl(event.tag_design.imageUrl, offline);
  const qrImage = qrData.data ?? keptQr?.value ?? null;
  // Until its data arrives (read from the browser's cache: the image was asked for with the page,
  // app/fetch-ahead.ts), the QR code is shown from its address, in the page's first drawing.
  const shownQr = qrImage ?? (offline ? null : qr.src);
  // The kept logo only while the event still has one (staff may have removed it since).
  const logoImage = event.logo_url ? (logoData.data ?? keptLogo?.value ?? null) : null;
  const qrFailed = !qrImage && (!!qr.error || qrData.isError);

  useEffect(() => {
    if (qrData.data) keepOfflineCopy(participant.id, 'qr', qrData.data);
  }, [participant.id, qrData.data]);
  useEffect(() => {
    if (logoData.data) keepOfflineCopy(participant.id, 'logo', logoData.data);
  }, [participant.id, logoData.data]);

  const download = async () => {
    if (!confirmed || !shownQr || !tagRef.current) {
      notify(tt('tag.notAvailable'), 'warning');
      return;
    }
    setDownloading(true);
    try {
      const blob = await tagPng(tagRef.current, { scale: 2, background: '#000000' });
      const code = participant.unique_code || 'event';
      saveBlob(blob, `event-tag-${fileNamePart(participant.full_name)}-${code}.png`);
      notify(tt('tag.downloadStarted'), 'success');
    } catch {
      notify(tt('tag.downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const { dates, times } = eventDates(event.start_date, event.end_date, event.time_zone);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Button variant="default" onClick={() => void navigate(-1)} w="fit-content">
          ← {tt('tag.back')}
        </Button>
        {offline && <OfflineNotice savedAt={savedAt} />}
        <Stack gap={4}>
          <Title
            order={1}
            style={{ fontSize: tagTitleSize(event.name), lineHeight: 1.25 }}
            data-testid="tag-title"
          >
            {event.name}
          </Title>
          <Text c="dimmed" data-testid="tag-participant-code">
            {tt('tag.code', { code: participant.unique_code || tt('tag.noCode') })}
          </Text>
          <Text size="lg" fw={600}>
            {tt('tag.welcome', { name: participant.full_name })}
          </Text>
        </Stack>

        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="tag-qr-title">
          <Stack gap="md" align="center">
            <Title order={2} fz="h3" id="tag-qr-title" style={{ alignSelf: 'flex-start' }}>
              {tt('tag.qrTitle')}
            </Title>
            {!confirmed && <ConfirmPrompt />}
            {confirmed && qrFailed && (
              <Stack align="center" gap="sm">
                <Alert color="red" variant="light" role="alert">
                  {qr.error ?? tt('tag.qrFailed')}
                </Alert>
                <Button
                  variant="default"
                  onClick={() => {
                    qr.retry();
                    void qrData.refetch();
                  }}
                >
                  {tt('tag.retry')}
                </Button>
              </Stack>
            )}
            {confirmed && !qrFailed && (
              <FitToWidth width={TAG_WIDTH} height={TAG_HEIGHT}>
                <TagCard
                  ref={tagRef}
                  design={readTagDesign(event.tag_design)}
                  colours={tagColoursOf(event)}
                  content={{
                    eventName: event.name,
                    name: participant.full_name,
                    organization: participant.organization,
                    eventCode: event.event_code,
                    logo: true,
                  }}
                  logoUrl={logoImage}
                  imageUrl={event.tag_design.imageUrl ? (imageData.data ?? null) : null}
                  qr={
                    shownQr ? (
                      <img
                        src={shownQr}
                        alt={tt('tag.qrTitle')}
                        onError={qrImage ? undefined : qr.onImageError}
                        data-testid="tag-qr-image"
                        style={{ width: '100%', height: '100%', imageRendering: 'pixelated' }}
                      />
                    ) : (
                      <Loader size="sm" aria-label={t('app.loading')} />
                    )
                  }
                  label={tt('tag.label', { name: participant.full_name })}
                />
              </FitToWidth>
            )}
            <Button onClick={() => void download()} loading={downloading} disabled={offline && !shownQr}>
              {tt('tag.download')}
            </Button>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="tag-info-title">
          <Stack gap="xs">
            <Title order={2} fz="h3" id="tag-info-title">
              {tt('tag.info')}
            </Title>
            <Text>
              <b>{tt('tag.dates')}:</b> {dates}, {times}
            </Text>
            <Text>
              <b>{tt('tag.location')}:</b> {event.location}
            </Text>
            <Text>
              <b>{tt('tag.eventCode')}:</b> {event.event_code}
            </Text>
          </Stack>
        </Paper>

        {confirmed && event.group_chat_url && (
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="tag-connect-title">
            <Stack gap="xs">
              <Title order={2} fz="h3" id="tag-connect-title">
                {tt('tag.stayConnected')}
              </Title>
              <Text>{tt('tag.stayConnectedText')}</Text>
              <Anchor href={event.group_chat_url} target="_blank" rel="noopener noreferrer" c="blue.9">
                {tt('tag.groupChat')}
              </Anchor>
            </Stack>
          </Paper>
        )}

        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="tag-you-title">
          <Stack gap="xs">
            <Title order={2} fz="h3" id="tag-you-title">
              {tt('tag.yourInfo')}
            </Title>
            <Text>
              <b>{tt('tag.name')}:</b> {participant.full_name}
            </Text>
            <Text>
              <b>{tt('tag.email')}:</b> {participant.email}
            </Text>
            {participant.organization && (
              <Text>
                <b>{tt('tag.organization')}:</b> {participant.organization}
              </Text>
            )}
            <Group gap="xs">
              <Text fw={700}>{tt('tag.status')}:</Text>
              <Badge color={confirmed ? 'teal.9' : 'orange.9'}>
                {confirmed ? tt('tag.confirmed') : tt('tag.pending')}
              </Badge>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

/** /event/:eventId/tag (document 1 "Event tag page"). */
export function ParticipantTagPage() {
  const eventId = useIdParam('eventId');
  const { user } = useSession();
  const participant = isParticipant(user) ? user : null;
  const ownEvent = participant !== null && eventId !== null && participant.event.id === eventId;
  const { query, event, offline, savedAt } = useAttendeeEventWithCopy(participant, eventId, ownEvent);
  usePageTitle(`${tt('tag.pageTitle')} | ${t('app.name')}`);

  if (!participant) {
    return (
      <NoticePage title={tt('tag.notLoggedIn')}>
        <Button component={Link} to={paths.login()}>
          {tt('tag.goToLogin')}
        </Button>
      </NoticePage>
    );
  }
  const notFound =
    !ownEvent ||
    (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403));
  if (notFound) {
    return (
      <NoticePage title={tt('tag.notFound')}>
        <Button component={Link} to={paths.participant.dashboard()} variant="default">
          {tt('tag.back')}
        </Button>
      </NoticePage>
    );
  }
  if (event) return <TagView participant={participant} event={event} offline={offline} savedAt={savedAt} />;
  if (query.isPending && !offline) return <PageLoader />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        {offline && <OfflineNotice savedAt={null} />}
        <Alert color="red" variant="default" role="alert" title={tt('tag.loadFailed')}>
          <Button mt="sm" variant="white" onClick={() => void query.refetch()}>
            {tt('tag.retry')}
          </Button>
        </Alert>
      </Stack>
    </Container>
  );
}

export default ParticipantTagPage;
