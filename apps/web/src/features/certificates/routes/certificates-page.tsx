import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { TCertificateCandidate, TCertificateShortfall, TEventDetail } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { NoticePage } from '../../../components/notice-page';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useIdParam } from '../../../lib/use-id-param';
import { useEvent } from '../../events';
import { useDownloadCertificates } from '../api/download-certificates';
import { useCertificateEligibility } from '../api/get-certificate-eligibility';
import { useIssueCertificateByHand } from '../api/issue-certificate-by-hand';
import { useIssueCertificates } from '../api/issue-certificates';
import { useSendCertificates } from '../api/send-certificates';
import { useWithdrawCertificate } from '../api/withdraw-certificate';
import { CertificateDesignForm } from '../components/certificate-design-form';
import { CertificateRulesForm } from '../components/certificate-rules-form';
import { tcert } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** Why someone does not qualify, in the reader's language. */
export function shortfallLabel(s: TCertificateShortfall): string {
  switch (s.rule) {
    case 'no_rules':
      return tcert('why.noRules');
    case 'door_any_day':
      return tcert('why.doorAnyDay');
    case 'door_every_day':
      return tcert('why.doorEveryDay', { have: s.have, count: s.need });
    case 'min_sessions':
      return tcert('why.minSessions', { have: s.have, count: s.need });
    case 'min_dsa_days':
      return tcert('why.minDsaDays', { have: s.have, count: s.need });
  }
}

function CertificateStatus({ row }: { row: TCertificateCandidate }) {
  const c = row.certificate;
  if (!c) return <Text c="dimmed">{tcert('status.none')}</Text>;
  const label = c.withdrawn
    ? tcert('status.withdrawn')
    : c.manual
      ? tcert('status.manual')
      : tcert('status.issued');
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={c.withdrawn ? 'orange.9' : 'teal.9'} variant="filled">
        {label}
      </Badge>
      <Anchor component={Link} to={paths.verifyCertificate(c.id)} c="blue.9" size="sm" target="_blank">
        {tcert('verifyLink')}
      </Anchor>
    </Group>
  );
}

function Participants({ eventId }: { eventId: number }) {
  const eligibility = useCertificateEligibility(eventId);
  const issue = useIssueCertificates(eventId);
  const byHand = useIssueCertificateByHand(eventId);
  const withdraw = useWithdrawCertificate(eventId);
  const download = useDownloadCertificates(eventId);
  const send = useSendCertificates(eventId);
  const [handFor, setHandFor] = useState<TCertificateCandidate | null>(null);
  const [note, setNote] = useState('');
  const [withdrawFor, setWithdrawFor] = useState<TCertificateCandidate | null>(null);

  if (eligibility.isError && !eligibility.data) {
    return <LoadFailed message={tcert('loadFailed')} retryLabel={tcert('tryAgain')} query={eligibility} />;
  }
  if (!eligibility.data) return <SectionLoader />;
  const data = eligibility.data;
  const columns = [
    tcert('col.name'),
    tcert('col.organization'),
    tcert('col.qualifies'),
    tcert('col.why'),
    tcert('col.certificate'),
    tcert('col.actions'),
  ];
  const onIssue = () =>
    issue.mutate(undefined, {
      onSuccess: (r) =>
        notify(
          tcert('issue.done', { issued: r.issued, already: r.already_issued, not: r.not_qualified }),
          'success',
        ),
      onError: (err) => notify(serverMessage(err, tcert('issue.failed')), 'error'),
    });
  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (r) => notify(tcert('send.done', { queued: r.queued, none: r.no_email }), 'success'),
      onError: (err) => notify(serverMessage(err, tcert('send.failed')), 'error'),
    });
  const onDownload = () =>
    download.mutate(undefined, {
      onError: (err) => notify(serverMessage(err, tcert('downloadAll.failed')), 'error'),
    });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="certificate-list-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="h3" id="certificate-list-title">
              {tcert('list.title')}
            </Title>
            <Text data-testid="certificate-summary">
              {tcert('list.summary', { count: data.qualified_count, total: data.results.length })}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button onClick={onIssue} loading={issue.isPending}>
              {tcert('issue')}
            </Button>
            <Button variant="default" onClick={onDownload} loading={download.isPending}>
              {tcert('downloadAll')}
            </Button>
            <Button variant="default" onClick={onSend} loading={send.isPending}>
              {tcert('send')}
            </Button>
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table
            striped
            verticalSpacing="sm"
            aria-label={tcert('list.caption')}
            data-testid="certificate-table"
          >
            <TableHeader columns={columns} />
            <Table.Tbody>
              {data.results.length === 0 ? (
                <EmptyTableRow colSpan={columns.length}>{tcert('empty')}</EmptyTableRow>
              ) : (
                data.results.map((r) => (
                  <Table.Tr key={r.participant_id} data-testid={`certificate-row-${r.participant_id}`}>
                    <Table.Td dir="auto">{r.full_name}</Table.Td>
                    <Table.Td dir="auto">{r.organization}</Table.Td>
                    <Table.Td>
                      <Badge color={r.qualifies ? 'teal.9' : 'gray.7'} variant="filled">
                        {r.qualifies ? tcert('yes') : tcert('no')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.shortfalls.map(shortfallLabel).join('; ')}</Table.Td>
                    <Table.Td>
                      <CertificateStatus row={r} />
                    </Table.Td>
                    <Table.Td>
                      {r.certificate && !r.certificate.withdrawn ? (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setWithdrawFor(r)}>
                          {tcert('withdraw')}
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => {
                            setNote('');
                            setHandFor(r);
                          }}
                        >
                          {tcert('byHand')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <AppModal
        opened={handFor !== null}
        onClose={() => setHandFor(null)}
        title={tcert('byHand.title', { name: handFor?.full_name ?? '' })}
      >
        <Stack>
          <Textarea
            label={tcert('byHand.note')}
            placeholder={tcert('byHand.notePlaceholder')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            required
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setHandFor(null)}>
              {tcert('byHand.cancel')}
            </Button>
            <Button
              loading={byHand.isPending}
              onClick={() =>
                handFor &&
                byHand.mutate(
                  { participant_id: handFor.participant_id, note },
                  {
                    onSuccess: () => {
                      notify(tcert('byHand.done'), 'success');
                      setHandFor(null);
                    },
                    onError: (err) => notify(serverMessage(err, tcert('byHand.failed')), 'error'),
                  },
                )
              }
            >
              {tcert('byHand.submit')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <ConfirmDialog
        opened={withdrawFor !== null}
        title={tcert('withdraw.title')}
        message={tcert('withdraw.body', { name: withdrawFor?.full_name ?? '' })}
        confirmLabel={tcert('withdraw.confirm')}
        cancelLabel={tcert('withdraw.cancel')}
        loading={withdraw.isPending}
        onClose={() => setWithdrawFor(null)}
        onConfirm={() => {
          const id = withdrawFor?.certificate?.id;
          if (!id) return;
          withdraw.mutate(id, {
            onSuccess: () => {
              notify(tcert('withdraw.done'), 'success');
              setWithdrawFor(null);
            },
            onError: (err) => notify(serverMessage(err, tcert('withdraw.failed')), 'error'),
          });
        }}
      />
    </Paper>
  );
}

function Certificates({ eventId }: { eventId: number }) {
  const event = useEvent(eventId);
  const title = (e?: TEventDetail) =>
    e ? tcert('page.title', { event: e.name }) : tcert('page.documentTitle');
  usePageTitle(`${title(event.data)} | ${t('app.name')}`);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.staff.event(eventId)} c="blue.9" w="fit-content">
          ← {tcert('page.back')}
        </Anchor>
        <Title order={1}>{title(event.data)}</Title>
        {event.data ? (
          <>
            <CertificateRulesForm
              key={`rules-${event.data.id}`}
              eventId={eventId}
              rules={event.data.certificate_rules}
            />
            <Participants eventId={eventId} />
            <CertificateDesignForm key={`design-${event.data.id}`} event={event.data} />
          </>
        ) : event.isError ? (
          <LoadFailed message={tcert('loadFailed')} retryLabel={tcert('tryAgain')} query={event} />
        ) : (
          <SectionLoader />
        )}
      </Stack>
    </Container>
  );
}

/** /dashboard/events/{eventId}/certificates: rules, who qualifies and why not, issuing, design. */
export function CertificatesPage() {
  const eventId = useIdParam('eventId');
  if (eventId === null) {
    return (
      <NoticePage title={tcert('page.eventNotFound')}>
        <Button component={Link} to={paths.staff.events()} variant="default">
          {t('nav.events')}
        </Button>
      </NoticePage>
    );
  }
  return <Certificates key={eventId} eventId={eventId} />;
}

export default CertificatesPage;
