import { Alert, Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { certificateDates, type TCertificateVerification } from '@attend/shared';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage, t } from '../../../lib/i18n';
import { useVerifyCertificate } from '../api/verify-certificate';
import { tcert } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

function Field({ label, children, testId }: { label: string; children: string; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} dir="auto" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function Status({ result }: { result: TCertificateVerification }) {
  if (result.withdrawn) {
    return (
      <Alert color="orange" variant="filled" data-testid="verify-status" data-status="withdrawn">
        {tcert('verify.withdrawn')}
      </Alert>
    );
  }
  if (!result.valid) {
    return (
      <Alert color="red" variant="filled" data-testid="verify-status" data-status="invalid">
        {tcert('verify.invalid')}
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="filled" data-testid="verify-status" data-status="valid">
      {tcert('verify.valid')}
    </Alert>
  );
}

/**
 * /verify/{id}: a certificate's public page (no sign-in), what its QR code and short URL open: the
 * holder's name, the event, its dates and what was attended, and whether it is valid or withdrawn.
 */
export function VerifyCertificatePage() {
  const id = useParams().certificateId ?? '';
  const query = useVerifyCertificate(id);
  usePageTitle(`${tcert('verify.documentTitle')} | ${t('app.name')}`);
  const language = currentLanguage();
  const result = query.data;
  return (
    // A page of its own, outside the app's layouts: its content is the page's main landmark.
    <Container component="main" size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {tcert('verify.title')}
          </Title>
          {query.isPending ? (
            <Group justify="center">
              <Loader aria-label={tcert('verify.documentTitle')} />
            </Group>
          ) : !result ? (
            <Alert color="red" variant="filled" data-testid="verify-status" data-status="unknown">
              {query.error instanceof ApiError && query.error.status === 404
                ? tcert('verify.notFound')
                : tcert('verify.failed')}
            </Alert>
          ) : (
            <>
              <Status result={result} />
              <Stack component="dl" gap="sm" m={0}>
                <Field label={tcert('verify.holder')} testId="verify-holder">
                  {result.full_name}
                </Field>
                <Field label={tcert('verify.event')} testId="verify-event">
                  {result.event_name}
                </Field>
                <Field label={tcert('verify.dates')}>
                  {certificateDates(result.start_date, result.end_date, 'UTC', language)}
                </Field>
                <Field label={tcert('verify.attended')}>
                  {`${tcert('verify.days', { days: result.attended.days, count: result.attended.days_total })} · ${tcert(
                    'verify.sessions',
                    { count: result.attended.sessions },
                  )}`}
                </Field>
                <Field label={tcert('verify.id')}>{result.id}</Field>
              </Stack>
            </>
          )}
          <Anchor component={Link} to={paths.home()} c="blue.9">
            {tcert('verify.home')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

export default VerifyCertificatePage;
