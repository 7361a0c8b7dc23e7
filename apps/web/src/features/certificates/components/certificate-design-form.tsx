import { useState } from 'react';
import {
  Button,
  Checkbox,
  FileButton,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  certificateDates,
  certificateDay,
  tagColoursOf,
  type TCertificateDesign,
  type TEventDetail,
} from '@attend/shared';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateEvent } from '../../events';
import { useDeleteCertificateSignature, useUploadCertificateSignature } from '../api/certificate-signature';
import { tcert } from '../i18n';
import { CertificatePreview } from './certificate-preview';

type Flag = 'show_days' | 'show_session_count' | 'show_session_list' | 'show_logo' | 'show_image';
const FLAGS: { key: Flag; label: Parameters<typeof tcert>[0] }[] = [
  { key: 'show_days', label: 'design.showDays' },
  { key: 'show_session_count', label: 'design.showSessionCount' },
  { key: 'show_session_list', label: 'design.showSessionList' },
  { key: 'show_logo', label: 'design.showLogo' },
  { key: 'show_image', label: 'design.showImage' },
];

/** The certificate's own design (title, signatory, what to list), with a live preview. */
export function CertificateDesignForm({ event }: { event: TEventDetail }) {
  const { signature_url: signatureUrl, ...stored } = event.certificate_design;
  const [design, setDesign] = useState<TCertificateDesign>(stored);
  const update = useUpdateEvent();
  const upload = useUploadCertificateSignature();
  const remove = useDeleteCertificateSignature();
  const language = currentLanguage();
  const set = <K extends keyof TCertificateDesign>(key: K, value: TCertificateDesign[K]) =>
    setDesign((d) => ({ ...d, [key]: value }));
  const onSave = () =>
    update.mutate(
      { eventId: event.id, body: { certificate_design: design } },
      {
        onSuccess: () => notify(tcert('design.saved'), 'success'),
        onError: (err) => notify(serverMessage(err, tcert('design.saveFailed')), 'error'),
      },
    );
  const onSignature = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { eventId: event.id, file },
      { onError: (err) => notify(serverMessage(err, tcert('design.signatureFailed')), 'error') },
    );
  };
  const now = new Date();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="certificate-design-title">
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Title order={2} fz="h3" id="certificate-design-title">
              {tcert('design.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {tcert('design.hint')}
            </Text>
            <TextInput
              label={tcert('design.certificateTitle')}
              value={design.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              maxLength={120}
            />
            <TextInput
              label={tcert('design.signatoryName')}
              value={design.signatory_name}
              onChange={(e) => set('signatory_name', e.currentTarget.value)}
              maxLength={120}
            />
            <TextInput
              label={tcert('design.signatoryTitle')}
              value={design.signatory_title}
              onChange={(e) => set('signatory_title', e.currentTarget.value)}
              maxLength={120}
            />
            {FLAGS.map((f) => (
              <Checkbox
                key={f.key}
                label={tcert(f.label)}
                checked={design[f.key]}
                onChange={(e) => set(f.key, e.currentTarget.checked)}
              />
            ))}
            <Text size="sm" fw={500}>
              {tcert('design.signature')}
            </Text>
            <Group gap="sm">
              <FileButton onChange={onSignature} accept="image/png,image/jpeg,image/webp">
                {(props) => (
                  <Button variant="default" loading={upload.isPending} {...props}>
                    {tcert('design.signatureUpload')}
                  </Button>
                )}
              </FileButton>
              {signatureUrl && (
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate({ eventId: event.id })}
                >
                  {tcert('design.signatureRemove')}
                </Button>
              )}
            </Group>
            <Button onClick={onSave} loading={update.isPending} w="fit-content">
              {tcert('design.save')}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xs">
            <Text fw={600}>{tcert('design.preview')}</Text>
            <CertificatePreview
              design={design}
              colours={tagColoursOf(event)}
              width={560}
              label={tcert('design.previewLabel')}
              pictures={{
                logoUrl: event.logo_url,
                imageUrl: event.tag_design.imageUrl,
                signatureUrl,
              }}
              content={{
                name: tcert('preview.name'),
                organization: tcert('preview.organization'),
                eventName: event.name,
                when: certificateDates(event.start_date, event.end_date, event.time_zone, language),
                place: event.location,
                attended: {
                  days: 2,
                  days_total: 3,
                  sessions: 5,
                  session_names: [1, 2, 3].map((n) => tcert('preview.session', { n })),
                },
                issuedOn: certificateDay(now, event.time_zone, language),
                verifyUrl: `${window.location.origin}${paths.verifyCertificate('ABCDEFGHJKMN')}`,
                language,
              }}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
