import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Button, Code, Flex, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  BULK_UPLOAD_MAX_BYTES,
  format,
  type TBulkUploadMode,
  type TBulkUploadPreview,
  type TBulkUploadResult,
} from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { FormError } from '../../../components/form-error';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/api-errors';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useBulkUploadParticipants } from '../api/bulk-upload-participants';
import { downloadUploadResults, uploadResultsFilename } from '../api/download-upload-results';
import { downloadUploadTemplate } from '../api/download-upload-template';
import { usePreviewBulkUpload } from '../api/preview-bulk-upload';
import { tp } from '../i18n';
import { fileSize } from '../lib/format';
import { BulkUploadPreview, UploadErrorList } from './bulk-upload-preview';

type Props = { eventId: number; opened: boolean; onClose: () => void };

const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
};
const EXCEL_NAME = /\.(xlsx|xls)$/i;

/**
 * Bulk Upload (document 2 §2, §5): one .xlsx/.xls file, then its preview (what would be created,
 * which participants would change and how, the rows in error), then the choice of create only,
 * create and update, or cancel; nothing is saved before that choice. Then the results spreadsheet.
 */
export function BulkUploadModal({ eventId, opened, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<TBulkUploadResult | null>(null);
  const [preview, setPreview] = useState<TBulkUploadPreview | null>(null);
  const [templateLoading, setTemplateLoading] = useState(false);
  const upload = useBulkUploadParticipants(eventId);
  const check = usePreviewBulkUpload(eventId);

  const reset = () => {
    setFile(null);
    setError(null);
    setProgress(null);
    setResult(null);
    setPreview(null);
    upload.reset();
    check.reset();
  };
  const close = () => {
    if (upload.isPending || check.isPending) return;
    reset();
    onClose();
  };

  const downloadTemplate = () => {
    setTemplateLoading(true);
    downloadUploadTemplate(eventId, currentLanguage())
      .catch((err: unknown) => notify(serverMessage(err, tp('upload.templateFailed')), 'error'))
      .finally(() => setTemplateLoading(false));
  };

  const pick = (files: File[]) => {
    const chosen = files[0];
    setResult(null);
    setPreview(null);
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

  const failed = (err: unknown) => {
    const message = serverMessage(err, tp('upload.failed'));
    setProgress(null);
    setError(message);
    notify(message, 'error');
  };

  /** Sends the file for its preview: nothing is saved. */
  const runPreview = (chosen: File, keepError = false) => {
    if (!keepError) setError(null);
    setResult(null);
    setPreview(null);
    setProgress(0);
    check.mutate(
      { file: chosen, onProgress: setProgress },
      {
        onSuccess: (shown) => {
          setProgress(null);
          setPreview(shown);
        },
        onError: failed,
      },
    );
  };

  const submit = () => {
    if (!file) {
      setError(tp('upload.fileRequired'));
      return;
    }
    runPreview(file);
  };

  /** Sends the same file again with the mode chosen; the server refuses it if the preview no longer holds. */
  const apply = (mode: TBulkUploadMode) => {
    if (!file || !preview) return;
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, mode, fingerprint: preview.fingerprint, onProgress: setProgress },
      {
        onSuccess: (outcome) => {
          setPreview(null);
          void finish(outcome);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'preview_stale') {
            // The participants changed meanwhile: show what the file would do now.
            setError(serverMessage(err, tp('upload.stale')));
            runPreview(file, true);
            return;
          }
          failed(err);
        },
      },
    );
  };

  const uploading = upload.isPending || check.isPending;
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
          <Group gap="xs" mt="xs" wrap="wrap">
            <Button size="xs" variant="white" onClick={downloadTemplate} loading={templateLoading}>
              {tp('upload.template')}
            </Button>
            <Text size="xs" c="dimmed" style={{ flex: '1 1 12rem' }}>
              {tp('upload.templateHint')}
            </Text>
          </Group>
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
        {preview && file && !uploading && <BulkUploadPreview preview={preview} filename={file.name} />}
        {result && <UploadErrorList details={result.error_details} />}
        {preview && !uploading && (
          <Text size="sm" data-testid="bulk-upload-choice-help">
            {tp('upload.choiceHelp')}
          </Text>
        )}
        {preview ? (
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="sm" justify="flex-end">
            <Button variant="default" onClick={close} disabled={uploading}>
              {tp('upload.cancel')}
            </Button>
            <Button variant="light" onClick={() => apply('create_only')} loading={upload.isPending}>
              {tp('upload.createOnly')}
            </Button>
            <Button onClick={() => apply('create_and_update')} loading={upload.isPending}>
              {tp('upload.createAndUpdate')}
            </Button>
          </Flex>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={uploading}>
              {tp('upload.cancel')}
            </Button>
            <Button onClick={submit} loading={uploading}>
              {tp('upload.submit')}
            </Button>
          </Group>
        )}
      </Stack>
    </AppModal>
  );
}
