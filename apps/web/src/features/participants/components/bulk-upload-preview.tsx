import { useState } from 'react';
import { Box, List, Pagination, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ZLanguage,
  type TBulkUploadResult,
  type TBulkUploadChange,
  type TBulkUploadChangeField,
  type TBulkUploadPreview,
} from '@attend/shared';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { tp, type ParticipantsKey } from '../i18n';

/** The rows in error (and those imported without their phone number), as the preview and the result list them. */
export function UploadErrorList({ details }: { details: TBulkUploadResult['error_details'] }) {
  if (details.length === 0) return null;
  return (
    <Stack gap={4} data-testid="bulk-upload-errors">
      <Text fw={600} size="sm">
        {tp('upload.errorsTitle')}
      </Text>
      <ScrollArea.Autosize mah={180}>
        <List size="sm" spacing={2}>
          {details.map((e) => (
            <List.Item key={e.row} style={{ overflowWrap: 'anywhere' }}>
              {tp('upload.errorRow', { row: e.row, email: e.email, message: e.message })}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Changed participants per page of the list: short enough for a phone screen. */
const PAGE_SIZE = 10;

const FIELD_LABEL: Record<TBulkUploadChangeField, ParticipantsKey> = {
  full_name: 'upload.field.full_name',
  phone: 'upload.field.phone',
  organization: 'upload.field.organization',
  job_title: 'upload.field.job_title',
  language: 'upload.field.language',
};

function shown(field: TBulkUploadChangeField, value: string): string {
  if (value === '') return tp('upload.blank');
  const language = ZLanguage.safeParse(value);
  return field === 'language' && language.success ? LANGUAGE_NAMES[language.data] : value;
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xl" fw={700} data-testid={testId}>
        {value.toLocaleString()}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function ChangedParticipant({ change }: { change: TBulkUploadChange }) {
  return (
    <Paper component="li" withBorder radius="sm" p="xs" data-testid="bulk-upload-change">
      <Text fw={600} size="sm">
        {change.full_name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {tp('upload.changeRow', { row: change.row, email: change.email })}
      </Text>
      <Stack component="dl" gap={2} mt={4} m={0}>
        {change.fields.map((f) => (
          // One line a field, read as written: "Name: Amina Uwase → Amina U. Uwase".
          <div key={f.field} style={{ overflowWrap: 'anywhere' }}>
            <Text component="dt" size="sm" fw={600} display="inline">
              {tp(FIELD_LABEL[f.field])}:
            </Text>{' '}
            <Text component="dd" size="sm" m={0} display="inline">
              <Text component="span" size="sm" c="dimmed" td="line-through">
                {shown(f.field, f.old)}
              </Text>
              {' → '}
              <Text component="span" size="sm" fw={600}>
                {shown(f.field, f.new)}
              </Text>
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** What an upload would do (the preview step of Bulk Upload): counts, changed participants, errors. */
export function BulkUploadPreview({ preview, filename }: { preview: TBulkUploadPreview; filename: string }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(preview.changes.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = preview.changes.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <Stack gap="sm" data-testid="bulk-upload-preview">
      <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
        {tp('upload.previewTitle', { name: filename })}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Count label={tp('upload.countCreate')} value={preview.created} testId="preview-created" />
        <Count label={tp('upload.countUpdate')} value={preview.updated} testId="preview-updated" />
        <Count label={tp('upload.countUnchanged')} value={preview.unchanged} testId="preview-unchanged" />
        <Count label={tp('upload.countErrors')} value={preview.errors} testId="preview-errors" />
      </SimpleGrid>

      <Stack gap={4} component="section" aria-labelledby="bulk-upload-changes-title">
        <Text fw={600} size="sm" id="bulk-upload-changes-title">
          {tp('upload.changesTitle')}
        </Text>
        {preview.changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {tp('upload.noChanges')}
          </Text>
        ) : (
          <>
            {preview.updated > preview.changes.length && (
              <Text size="sm" c="dimmed">
                {tp('upload.changesMore', {
                  shown: preview.changes.length.toLocaleString(),
                  total: preview.updated.toLocaleString(),
                })}
              </Text>
            )}
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
              {visible.map((c) => (
                <ChangedParticipant key={c.row} change={c} />
              ))}
            </Stack>
            {pages > 1 && (
              <Box component="nav" aria-label={tp('upload.changesPages')}>
                <Pagination size="sm" total={pages} value={current} onChange={setPage} />
              </Box>
            )}
          </>
        )}
      </Stack>

      <UploadErrorList details={preview.error_details} />
    </Stack>
  );
}
