import { useState, type ReactNode } from 'react';
import { PENDING_BADGE } from '../lib/colors';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Code,
  Container,
  CopyButton,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { TParticipant } from '@attend/shared';
import { CopyIcon } from '../../../components/copy-icon';
import { Term } from '../../../components/term';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { LANGUAGE_NAMES, t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useIdParam } from '../../../lib/use-id-param';
import { useEventSummary } from '../api/get-event-summary';
import { useParticipant } from '../api/get-participant';
import { LoginLinkPanel } from '../components/login-link-panel';
import { NotFoundNotice } from '../components/not-found-notice';
import { NotificationBadge } from '../components/notification-badge';
import { ParticipantHistory } from '../components/participant-history';
import { ParticipantEditForm } from '../components/participant-edit-form';
import { ResetCodeButton } from '../components/reset-code-button';
import { SignOutEverywhereButton } from '../components/sign-out-everywhere-button';
import { UndoConfirmationButton } from '../components/undo-confirmation-button';
import { useSendLoginDetails } from '../hooks/use-send-login-details';
import { tp } from '../i18n';
import { formatDateTime, sameOriginUrl } from '../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/events/{eventId}/participants/{participantId} (document 2 §2 Participant detail). */
export function ParticipantDetailPage() {
  const eventId = useIdParam('eventId');
  const participantId = useIdParam('participantId');
  if (eventId === null || participantId === null) {
    return (
      <NotFoundNotice
        title={tp('detail.notFound')}
        backTo={eventId ? paths.staff.participants(eventId) : paths.staff.events()}
        backLabel={tp('detail.back')}
      />
    );
  }
  return (
    <ParticipantDetail key={`${eventId}-${participantId}`} eventId={eventId} participantId={participantId} />
  );
}

/** A detail: dimmed label over the value. */
function Field(props: { label: string; children: ReactNode; testId?: string }) {
  return <Term gap={2} labelColor="dimmed" {...props} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          {children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function ParticipantDetail({ eventId, participantId }: { eventId: number; participantId: number }) {
  const location = useLocation();
  const startInEdit = (location.state as { edit?: boolean } | null)?.edit === true;
  const [editing, setEditing] = useState(startInEdit);
  const query = useParticipant(eventId, participantId);
  const event = useEventSummary(eventId);
  const sendLogin = useSendLoginDetails(eventId);
  const p = query.data;
  usePageTitle(`${p?.full_name ?? tp('detail.documentTitle')} | ${t('app.name')}`);
  const back = (
    <Anchor component={Link} to={paths.staff.participants(eventId)} c="blue.9" size="sm">
      ← {tp('detail.back')}
    </Anchor>
  );

  if (query.isPending) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (query.isError || !p) {
    const err = query.error;
    const missing = err instanceof ApiError && err.status === 404 ? err.detail : undefined;
    return (
      <Container size="md" py="xl">
        <Stack>
          {back}
          <Alert color="red" variant="default" role="alert">
            {missing ?? tp('detail.loadFailed')}
          </Alert>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {back}
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={1}>{p.full_name}</Title>
            <Text c="dimmed">@{p.username}</Text>
          </Stack>
          {!editing && (
            <Group gap="xs">
              <Button onClick={() => setEditing(true)}>{tp('detail.edit')}</Button>
              <Button
                variant="default"
                onClick={() => sendLogin.sendLogin(p.id)}
                loading={sendLogin.sendingId === p.id}
              >
                {tp('detail.sendLogin')}
              </Button>
              <SignOutEverywhereButton eventId={eventId} participant={p} />
              <ResetCodeButton eventId={eventId} participant={p} />
              {p.confirmed_attendance && <UndoConfirmationButton eventId={eventId} participant={p} />}
            </Group>
          )}
        </Group>

        {editing ? (
          <Paper withBorder radius="md" p="lg">
            <ParticipantEditForm participant={p} onDone={() => setEditing(false)} />
          </Paper>
        ) : (
          <>
            <ParticipantView participant={p} />
            <ParticipantHistory eventId={eventId} participantId={p.id} timeZone={event.data?.time_zone} />
            <Anchor
              component={Link}
              to={paths.staff.activity(eventId, p.id)}
              c="blue.9"
              size="sm"
              w="fit-content"
            >
              {tp('detail.viewActivity')}
            </Anchor>
          </>
        )}
      </Stack>
    </Container>
  );
}

function ParticipantView({ participant: p }: { participant: TParticipant }) {
  const none = tp('detail.notYet');
  const qrSrc = p.qr_code_url ? sameOriginUrl(p.qr_code_url) : null;
  return (
    <Stack gap="lg">
      <Section title={tp('detail.basic')}>
        <Field label={tp('detail.fullName')}>{p.full_name}</Field>
        <Field label={tp('detail.email')}>{p.email}</Field>
        <Field label={tp('detail.phone')}>
          {p.phone || none}
          {p.phone_invalid && (
            <Text component="span" c="red.9" size="sm" data-testid="phone-invalid">
              {' '}
              ({tp('detail.phoneInvalid')})
            </Text>
          )}
        </Field>
        <Field label={tp('detail.username')}>{p.username}</Field>
        <Field label={tp('detail.organization')}>{p.organization || none}</Field>
        <Field label={tp('detail.jobTitle')}>{p.job_title || none}</Field>
        <Field label={tp('detail.language')} testId="participant-language">
          {LANGUAGE_NAMES[p.language]}
        </Field>
      </Section>
      <Section title={tp('detail.eventInfo')}>
        <Field label={tp('detail.createdAt')}>{formatDateTime(p.created_at) ?? none}</Field>
        <Field label={tp('detail.updatedAt')}>{formatDateTime(p.updated_at) ?? none}</Field>
      </Section>
      <Section title={tp('detail.loginInfo')}>
        <Field label={tp('detail.uniqueCode')}>
          <Group gap="xs" component="span">
            <Code fz="lg" data-testid="unique-code">
              {p.unique_code}
            </Code>
            <CopyButton value={p.unique_code}>
              {({ copy }) => (
                <Tooltip label={tp('detail.copy')} withArrow>
                  <ActionIcon
                    variant="default"
                    aria-label={tp('detail.copy')}
                    onClick={() => {
                      // CopyButton's own copy() hides failures; report them as the spec asks.
                      navigator.clipboard.writeText(p.unique_code).then(
                        () => {
                          copy();
                          notify(tp('detail.copied'), 'success');
                        },
                        () => notify(tp('detail.copyFailed'), 'error'),
                      );
                    }}
                  >
                    <CopyIcon />
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Field>
        <Field label={tp('detail.attendance')}>
          <Badge component="span" color={p.confirmed_attendance ? 'teal.9' : PENDING_BADGE} variant="filled">
            {p.confirmed_attendance ? tp('status.confirmed') : tp('status.pending')}
          </Badge>
        </Field>
        <Field label={tp('detail.confirmedAt')}>{formatDateTime(p.confirmed_at) ?? none}</Field>
        <Field label={tp('detail.notificationStatus')}>
          <NotificationBadge status={p.notification_status} />
        </Field>
        <Field label={tp('detail.notificationSentAt')}>
          {formatDateTime(p.notification_sent_at) ?? none}
        </Field>
      </Section>
      {/* A new code revoked every link: the panel forgets the one it handed out. */}
      <LoginLinkPanel key={p.unique_code} participant={p} />
      {qrSrc && (
        <Paper withBorder radius="md" p="lg" component="section" aria-label={tp('detail.qrCode')}>
          <Stack align="center" gap="sm">
            <Title order={2} fz="h4" style={{ alignSelf: 'flex-start' }}>
              {tp('detail.qrCode')}
            </Title>
            <Image src={qrSrc} alt={tp('qr.alt', { name: p.full_name })} w={220} h={220} fit="contain" />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

export default ParticipantDetailPage;
