import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Button, Code, Group, List, Paper, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { BULK_UPLOAD_MAX_BYTES, format, type TBulkUploadResult } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { FormError } from '../../../components/form-error';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useBulkUploadParticipants } from '../api/bulk-upload-participants';
import { downloadUploadResults, uploadResultsFilename } from '../api/download-upload-results';
import { tp } from '../i18n';
import { fileSize } from '../lib/format';

type Props = { eventId: number; opened: boolean; onClose: () => void };

const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
};
const EXCEL_NAME = /\.(xlsx|xls)$/i;

/** Bulk Upload (document 2 §2, §5): one .xlsx/.xls file, upload progress, results spreadsheet. */
export function BulkUploadModal({ eventId, opened, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<TBulkUploadResult | null>(null);
  const upload = useBulkUploadParticipants(eventId);

  const reset = () => {
    setFile(null);
    setError(null);
    setProgress(null);
    setResult(null);
    upload.reset();
  };
  const close = () => {
    if (upload.isPending) return;
    reset();
    onClose();
  };

  const pick = (files: File[]) => {
    const chosen = files[0];
    setResult(null);
    if (!chosen) return;
    if (!EXCEL_NAME.test(chosen.name)) {
      setFile(null);
      setError(tp('upload.wrongType'));
      return;
    }
    setFile(chosen);
    setError(null);
  };

  const finish = async (outcome: TBulkUploadResult) => {
    const counts = { created: outcome.created, updated: outcome.updated, errors: outcome.errors };
    if (outcome.download_url) {
      // The results file lists every row with its outcome and the new unique codes.
      await downloadUploadResults(outcome.download_url, outcome.filename || uploadResultsFilename()).catch(
        () => undefined,
      );
    }
    if (outcome.errors > 0) {
      notify(format(tp('upload.withIssues'), counts), 'warning', 10_000);
      setFile(null);
      setProgress(null);
      setResult(outcome);
    } else {
      notify(format(tp('upload.success'), counts), 'success');
      reset();
      onClose();
    }
  };

  const submit = () => {
    if (!file) {
      setError(tp('upload.fileRequired'));
      return;
    }
    setError(null);
    setResult(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (outcome) => void finish(outcome),
        onError: (err) => {
          const message = serverMessage(err, tp('upload.failed'));
          setProgress(null);
          setError(message);
          notify(message, 'error');
        },
      },
    );
  };

  const uploading = upload.isPending;
  const sent = progress !== null && progress >= 1;

  return (
    <AppModal opened={opened} onClose={close} title={tp('upload.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{tp('upload.intro')}</Text>
        <Paper withBorder radius="md" p="sm" bg="blue.0">
          <Text fw={600} size="sm" mb={4}>
            {tp('upload.formatTitle')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>
              {tp('upload.required')
                .split(/(full_name|email)/)
                .map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part))}
            </List.Item>
            <List.Item>{tp('upload.optional')}</List.Item>
            <List.Item>{tp('upload.language')}</List.Item>
            <List.Item>{tp('upload.headers')}</List.Item>
          </List>
        </Paper>
        <Dropzone
          onDrop={pick}
          onReject={() => {
            setFile(null);
            setError(tp('upload.wrongType'));
          }}
          accept={ACCEPT}
          maxSize={BULK_UPLOAD_MAX_BYTES}
          multiple={false}
          disabled={uploading}
          useFsAccessApi={false}
          inputProps={{ 'aria-label': tp('upload.fileInput') }}
          data-testid="bulk-upload-dropzone"
        >
          <Stack align="center" gap={4} py="lg" style={{ pointerEvents: 'none' }}>
            <Text fw={600}>{tp('upload.drop')}</Text>
            <Text size="sm" c="dimmed">
              {tp('upload.accepted')}
            </Text>
          </Stack>
        </Dropzone>
        {file && (
          <Text size="sm" data-testid="bulk-upload-file">
            {tp('upload.selected', { name: file.name, size: fileSize(file.size) })}
          </Text>
        )}
        {progress !== null && (
          <Stack gap={4}>
            <Progress
              value={Math.round(progress * 100)}
              animated={uploading}
              aria-label={tp('upload.progress')}
              size="lg"
            />
            {sent && uploading && (
              <Text size="sm" c="dimmed" role="status">
                {tp('upload.processing')}
              </Text>
            )}
          </Stack>
        )}
        <FormError message={error} />
        {result && result.error_details.length > 0 && (
          <Stack gap={4} data-testid="bulk-upload-errors">
            <Text fw={600} size="sm">
              {tp('upload.errorsTitle')}
            </Text>
            <ScrollArea.Autosize mah={180}>
              <List size="sm" spacing={2}>
                {result.error_details.map((e) => (
                  <List.Item key={e.row}>
                    {tp('upload.errorRow', { row: e.row, email: e.email, message: e.message })}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={uploading}>
            {tp('upload.cancel')}
          </Button>
          <Button onClick={submit} loading={uploading}>
            {tp('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
