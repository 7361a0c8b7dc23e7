import { useEffect, useRef, useState } from 'react';
import {
  Anchor,
  Button,
  ColorInput,
  Container,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { Link, useBlocker, useParams } from 'react-router';
import {
  readTagDesign,
  TAG_IMAGE_POSITIONS,
  TAG_IMAGE_SIZES,
  TAG_LAYOUTS,
  TAG_LOGO_SIZES,
  TAG_NAME_SIZE,
  TAG_ORGANIZATION_SIZE,
  TAG_QR_POSITIONS,
  tagColoursOf,
  type TagColours,
  type TagDesign,
  type TEventDetail,
} from '@attend/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { NoticePage } from '../../../components/notice-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../../../lib/transfer';
import { useEvent, useUpdateEvent } from '../../events';
import { useDeleteEventImage, useUploadEventImage } from '../api/event-image';
import { useDeleteEventLogo, useUploadEventLogo } from '../api/event-logo';
import { TagCard } from '../components/tag-card';
import { tt, type TagsKey } from '../i18n';
import { fileNamePart, tagPng } from '../lib/tag-png';
import { usePageTitle } from '../../../lib/use-page-title';

const HEX = /^#[0-9a-fA-F]{6}$/;
const COLOUR_FIELDS: { key: keyof TagColours; label: TagsKey }[] = [
  { key: 'primary', label: 'design.primary' },
  { key: 'secondary', label: 'design.secondary' },
  { key: 'accent', label: 'design.accent' },
  { key: 'background', label: 'design.background' },
  { key: 'text', label: 'design.text' },
];

type Draft = { colours: TagColours; design: TagDesign };

function draftOf(event: TEventDetail): Draft {
  return { colours: tagColoursOf(event), design: readTagDesign(event.tag_design) };
}

function sameDraft(a: Draft, b: Draft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function QrPlaceholder({ size }: { size?: number }) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        border: '2px dashed #9ca3af',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: '#6b7280',
        fontSize: size && size < 100 ? 11 : 13,
        textAlign: 'center',
      }}
    >
      {tt('design.qrPlaceholder')}
    </div>
  );
}

function Designer({ event }: { event: TEventDetail }) {
  const [saved, setSaved] = useState(() => draftOf(event));
  const [draft, setDraft] = useState(saved);
  const [previewing, setPreviewing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const tagRef = useRef<HTMLDivElement>(null);
  const update = useUpdateEvent();
  const upload = useUploadEventLogo();
  const removeLogo = useDeleteEventLogo();
  const uploadImage = useUploadEventImage();
  const removeImage = useDeleteEventImage();
  const dirty = !sameDraft(draft, saved);
  const invalid = COLOUR_FIELDS.filter((f) => !HEX.test(draft.colours[f.key]));
  // A colour being typed shows its saved value until it reads as #rrggbb.
  const previewColours = Object.fromEntries(
    COLOUR_FIELDS.map(({ key }) => [
      key,
      HEX.test(draft.colours[key]) ? draft.colours[key] : saved.colours[key],
    ]),
  ) as TagColours;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const setColour = (key: keyof TagColours, value: string) =>
    setDraft((d) => ({ ...d, colours: { ...d.colours, [key]: value } }));
  const setDesign = <K extends keyof TagDesign>(key: K, value: TagDesign[K]) =>
    setDraft((d) => ({ ...d, design: { ...d.design, [key]: value } }));

  const save = () => {
    if (invalid.length > 0) {
      notify(`${tt('design.saveFailed')}: ${tt('design.invalidColour')}`, 'error');
      return;
    }
    update.mutate(
      {
        eventId: event.id,
        body: {
          primary_color: draft.colours.primary,
          secondary_color: draft.colours.secondary,
          accent_color: draft.colours.accent,
          tag_background_color: draft.colours.background,
          tag_text_color: draft.colours.text,
          tag_design: draft.design,
        },
      },
      {
        onSuccess: (next) => {
          const kept = draftOf(next);
          setSaved(kept);
          setDraft(kept);
          notify(tt('design.saved'), 'success');
        },
        onError: (err) =>
          notify(
            err instanceof ApiError ? `${tt('design.saveFailed')}: ${err.message}` : tt('design.saveError'),
            'error',
          ),
      },
    );
  };

  const exportPng = async () => {
    if (!tagRef.current) return;
    setExporting(true);
    try {
      saveBlob(await tagPng(tagRef.current, { scale: 1 }), `${fileNamePart(event.name)}.png`);
    } catch {
      notify(tt('design.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const onLogo = (file: File | null) => {
    if (!file) return;
    upload.mutate(
      { eventId: event.id, file },
      {
        onSuccess: () => notify(tt('design.logoUploaded'), 'success'),
        onError: (err) => notify(err instanceof ApiError ? err.message : tt('design.logoFailed'), 'error'),
      },
    );
  };

  const onImage = (file: File | null) => {
    if (!file) return;
    uploadImage.mutate(
      { eventId: event.id, file },
      {
        onSuccess: () => notify(tt('design.imageUploaded'), 'success'),
        onError: (err) => notify(err instanceof ApiError ? err.message : tt('design.imageFailed'), 'error'),
      },
    );
  };

  const tag = (
    <TagCard
      ref={tagRef}
      design={draft.design}
      colours={previewColours}
      content={{
        eventName: event.name,
        name: tt('design.sampleName'),
        organization: tt('design.sampleOrganization'),
        eventCode: event.event_code,
        logo: true,
      }}
      logoUrl={event.logo_url}
      imageUrl={event.tag_design.imageUrl}
      qr={<QrPlaceholder />}
      label={tt('design.tagLabel', { name: event.name })}
    />
  );

  const actions = (
    <Group gap="sm">
      <Button variant="default" onClick={() => setPreviewing((p) => !p)}>
        {previewing ? tt('design.backToEditor') : tt('design.previewTag')}
      </Button>
      <Button variant="default" onClick={() => void exportPng()} loading={exporting}>
        {tt('design.export')}
      </Button>
      <Button onClick={save} loading={update.isPending}>
        {tt('design.save')}
      </Button>
    </Group>
  );

  return (
    <Stack gap="lg">
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title={tt('design.unsaved')}
        message={tt('design.unsavedText')}
        confirmLabel={tt('design.leave')}
        cancelLabel={tt('design.stay')}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
      {actions}
      {previewing ? (
        <Paper withBorder radius="lg" p="xl" bg="gray.1">
          <Group justify="center">{tag}</Group>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="md">
            <Paper withBorder radius="lg" p="md">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {tt('design.colours')}
                </Title>
                {COLOUR_FIELDS.map((f) => (
                  <ColorInput
                    key={f.key}
                    label={tt(f.label)}
                    value={draft.colours[f.key]}
                    onChange={(v) => setColour(f.key, v)}
                    format="hex"
                    withEyeDropper={false}
                    error={HEX.test(draft.colours[f.key]) ? undefined : tt('design.invalidColour')}
                  />
                ))}
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="radius-label">
                    {tt('design.borderRadius')}:{' '}
                    {tt('design.borderRadiusValue', { value: draft.design.border_radius })}
                  </Text>
                  <Slider
                    min={0}
                    max={24}
                    step={1}
                    value={draft.design.border_radius}
                    onChange={(v) => setDesign('border_radius', v)}
                    label={(v) => tt('design.borderRadiusValue', { value: v })}
                    thumbLabel={tt('design.borderRadius')}
                  />
                </Stack>
                <Choice
                  label={tt('design.layout')}
                  value={draft.design.layout}
                  options={TAG_LAYOUTS.map((v) => ({ value: v, label: tt(`design.layout.${v}`) }))}
                  onChange={(v) => setDesign('layout', v)}
                />
                <Choice
                  label={tt('design.qrPosition')}
                  value={draft.design.qr_position}
                  options={TAG_QR_POSITIONS.map((v) => ({ value: v, label: tt(`design.qrPosition.${v}`) }))}
                  onChange={(v) => setDesign('qr_position', v)}
                />
                <Choice
                  label={tt('design.qrSize')}
                  value={draft.design.qr_size}
                  options={(['small', 'medium', 'large'] as const).map((v) => ({
                    value: v,
                    label: tt(`design.qrSize.${v}`),
                  }))}
                  onChange={(v) => setDesign('qr_size', v)}
                />
                <Choice
                  label={tt('design.logoSize')}
                  value={String(draft.design.logo_size) as `${TagDesign['logo_size']}`}
                  options={TAG_LOGO_SIZES.map((v) => ({
                    value: String(v) as `${TagDesign['logo_size']}`,
                    label: tt('design.logoSizeValue', { value: v }),
                  }))}
                  onChange={(v) => setDesign('logo_size', Number(v) as TagDesign['logo_size'])}
                />
                <Switch
                  label={tt('design.showLogo')}
                  checked={draft.design.show_logo}
                  onChange={(e) => setDesign('show_logo', e.currentTarget.checked)}
                />
                <Switch
                  label={tt('design.showName')}
                  checked={draft.design.show_name}
                  onChange={(e) => setDesign('show_name', e.currentTarget.checked)}
                />
                <SizeSlider
                  id="name-size-label"
                  label={tt('design.nameSize')}
                  range={TAG_NAME_SIZE}
                  value={draft.design.name_size}
                  onChange={(v) => setDesign('name_size', v)}
                />
                <Switch
                  label={tt('design.showOrganization')}
                  checked={draft.design.show_organization}
                  onChange={(e) => setDesign('show_organization', e.currentTarget.checked)}
                />
                <SizeSlider
                  id="organization-size-label"
                  label={tt('design.organizationSize')}
                  range={TAG_ORGANIZATION_SIZE}
                  value={draft.design.organization_size}
                  onChange={(v) => setDesign('organization_size', v)}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="xs">
                <Title order={2} fz="h4">
                  {tt('design.logo')}
                </Title>
                <Text size="sm" c="dimmed">
                  {tt('design.logoHint')}
                </Text>
                <Group gap="sm">
                  <FileButton onChange={onLogo} accept="image/png,image/jpeg,image/webp">
                    {(props) => (
                      <Button {...props} variant="default" loading={upload.isPending}>
                        {tt('design.uploadLogo')}
                      </Button>
                    )}
                  </FileButton>
                  {event.logo_url && (
                    <Button
                      variant="subtle"
                      color="red"
                      loading={removeLogo.isPending}
                      onClick={() =>
                        removeLogo.mutate(
                          { eventId: event.id },
                          { onSuccess: () => notify(tt('design.logoRemoved'), 'success') },
                        )
                      }
                    >
                      {tt('design.removeLogo')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {tt('design.image')}
                </Title>
                <Text size="sm" c="dimmed">
                  {tt('design.imageHint')}
                </Text>
                <Group gap="sm">
                  <FileButton onChange={onImage} accept="image/png,image/jpeg,image/webp">
                    {(props) => (
                      <Button {...props} variant="default" loading={uploadImage.isPending}>
                        {tt('design.uploadImage')}
                      </Button>
                    )}
                  </FileButton>
                  {event.tag_design.imageUrl && (
                    <Button
                      variant="subtle"
                      color="red"
                      loading={removeImage.isPending}
                      onClick={() =>
                        removeImage.mutate(
                          { eventId: event.id },
                          { onSuccess: () => notify(tt('design.imageRemoved'), 'success') },
                        )
                      }
                    >
                      {tt('design.removeImage')}
                    </Button>
                  )}
                </Group>
                <Switch
                  label={tt('design.showImage')}
                  checked={draft.design.show_image}
                  onChange={(e) => setDesign('show_image', e.currentTarget.checked)}
                />
                <Choice
                  label={tt('design.imagePosition')}
                  value={draft.design.image_position}
                  options={TAG_IMAGE_POSITIONS.map((v) => ({
                    value: v,
                    label: tt(`design.imagePosition.${v}`),
                  }))}
                  onChange={(v) => setDesign('image_position', v)}
                />
                <Choice
                  label={tt('design.imageSize')}
                  value={draft.design.image_size}
                  options={TAG_IMAGE_SIZES.map((v) => ({ value: v, label: tt(`design.imageSize.${v}`) }))}
                  onChange={(v) => setDesign('image_size', v)}
                />
              </Stack>
            </Paper>
          </Stack>
          <Stack gap="sm" align="center">
            <Title order={2} fz="h4" style={{ alignSelf: 'flex-start' }}>
              {tt('design.preview')}
            </Title>
            <div style={{ maxWidth: '100%', overflowX: 'auto' }}>{tag}</div>
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function SizeSlider({
  id,
  label,
  range,
  value,
  onChange,
}: {
  id: string;
  label: string;
  range: { min: number; max: number };
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {tt('design.sizeLabel', { label, value })}
      </Text>
      <Slider
        min={range.min}
        max={range.max}
        step={1}
        value={value}
        onChange={onChange}
        label={(v) => tt('design.sizeValue', { value: v })}
        thumbLabel={label}
      />
    </Stack>
  );
}

function Choice<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        fullWidth
        value={value}
        data={options}
        onChange={(v) => onChange(v as V)}
        aria-label={label}
      />
    </Stack>
  );
}

/** /dashboard/events/:eventId/tag-design (document 2 "Tag design page"). */
export function TagDesignPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const notFound =
    !Number.isInteger(eventId) || (event.error instanceof ApiError && event.error.status === 404);
  usePageTitle(`${tt('design.title')} | ${t('app.name')}`);

  if (notFound) {
    return (
      <NoticePage title={tt('design.notFound')}>
        <Button component={Link} to={paths.staff.events()} variant="default">
          {tt('design.back')}
        </Button>
      </NoticePage>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.staff.event(eventId)} c="blue.9" w="fit-content">
          ← {tt('design.back')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>{tt('design.title')}</Title>
          <Text c="dimmed">{event.data ? event.data.name : tt('design.subtitle')}</Text>
        </Stack>
        {event.isPending && <SectionLoader />}
        {event.isError && (
          <LoadFailed message={tt('design.loadFailed')} retryLabel={tt('design.tryAgain')} query={event} />
        )}
        {/* Keyed by the event so a reload after saving starts from what was saved. */}
        {event.data && <Designer key={event.data.id} event={event.data} />}
      </Stack>
    </Container>
  );
}

export default TagDesignPage;
