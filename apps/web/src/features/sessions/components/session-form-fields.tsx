import { Checkbox, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { requiredFieldProps as required } from '../../../components/required-label';
import { ts } from '../i18n';
import type { FormBinding } from '../../../lib/use-form-state';
import type { SessionFormValues } from '../lib/session-form';

type Props = {
  form: FormBinding<SessionFormValues>;
  /** Label of the active checkbox ('Session is active' in the modal, 'Active' on the detail page). */
  activeLabel: string;
  /** Earliest selectable start (the Create Session modal: the present). */
  minStart?: string;
  /** Location is required when creating; the edit form keeps it optional. */
  locationRequired?: boolean;
};

/** Session Name, Description, Location, Start Time, End Time, Max Participants and the active flag. */
export function SessionFormFields({ form, activeLabel, minStart, locationRequired = true }: Props) {
  const { values, errors, change: onChange } = form;
  return (
    <Stack gap="md">
      <TextInput
        {...required}
        label={ts('form.name')}
        name="name"
        maxLength={200}
        value={values.name}
        error={errors.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
      />
      <Textarea
        label={ts('form.description')}
        name="description"
        autosize
        minRows={2}
        maxRows={6}
        value={values.description}
        error={errors.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      <TextInput
        {...(locationRequired ? required : {})}
        label={ts('form.location')}
        name="location"
        maxLength={300}
        value={values.location}
        error={errors.location}
        onChange={(e) => onChange({ location: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...required}
          type="datetime-local"
          label={ts('form.start')}
          name="start_time"
          min={minStart}
          value={values.start_time}
          error={errors.start_time}
          onChange={(e) => onChange({ start_time: e.currentTarget.value })}
        />
        <TextInput
          {...required}
          type="datetime-local"
          label={ts('form.end')}
          name="end_time"
          min={values.start_time || minStart}
          value={values.end_time}
          error={errors.end_time}
          onChange={(e) => onChange({ end_time: e.currentTarget.value })}
        />
      </SimpleGrid>
      <NumberInput
        label={ts('form.max')}
        description={ts('form.maxHint')}
        name="max_participants"
        min={0}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        value={values.max_participants}
        error={errors.max_participants}
        onChange={(value) => onChange({ max_participants: value })}
      />
      <Checkbox
        label={activeLabel}
        name="is_active"
        checked={values.is_active}
        onChange={(e) => onChange({ is_active: e.currentTarget.checked })}
      />
    </Stack>
  );
}
