import { Anchor, Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { isParticipant, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';

/** /event/:eventId: for now a greeting with the participant's event (the full page comes later). */
export function ParticipantEventPage() {
  const { eventId } = useParams();
  const { user } = useSession();
  const participant = isParticipant(user) && String(user.event.id) === eventId ? user : null;
  useDocumentTitle(`${participant?.event_name ?? t('participantEvent.notFound')} | ${t('app.name')}`);

  if (!participant) {
    return (
      <Container size="sm" py={64}>
        <Stack align="center" ta="center">
          <Title order={1}>{t('participantEvent.notFound')}</Title>
          <Anchor component={Link} to={paths.participant.dashboard()} c="blue.9">
            {t('participantEvent.returnToDashboard')}
          </Anchor>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('participantEvent.welcome', { name: participant.full_name })}</Title>
        <Paper withBorder p="lg" radius="lg">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('participantEvent.eventLabel')}
            </Text>
            <Title order={2} fz="h3" data-testid="event-name">
              {participant.event_name}
            </Title>
            <Badge
              color={participant.confirmed_attendance ? 'teal.9' : 'orange.9'}
              variant="filled"
              size="lg"
            >
              {participant.confirmed_attendance
                ? t('participantEvent.confirmed')
                : t('participantEvent.pending')}
            </Badge>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

export default ParticipantEventPage;
