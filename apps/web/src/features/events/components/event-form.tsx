import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { messages, ZEventCreate, type TEvent, type TEventCreate } from '@attend/shared';
import { requiredFieldProps } from '../../../components/required-label';
import { formFieldErrors, serverMessage } from '../../../lib/api-errors';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time';
import type { FormBinding, Refusal } from '../../../lib/use-form-state';
import { te } from '../i18n';

export type EventFormValues = {
  name: string;
  description: string;
  /** `datetime-local` values in the viewer's time zone. */
  start_date: string;
  end_date: string;
  location: string;
  is_active: boolean;
};
export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

export function eventFormValues(event?: TEvent): EventFormValues {
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    start_date: toDateTimeInput(event?.start_date),
    end_date: toDateTimeInput(event?.end_date),
    location: event?.location ?? '',
    is_active: event?.is_active ?? true,
  };
}

const fields = new Set<string>(['name', 'description', 'start_date', 'end_date', 'location', 'is_active']);

/**
 * Checks the form with the API's own schema (document 2 §5: name, dates and location required,
 * start not after end) and returns the request body, or the first message per field.
 */
export function validateEventForm(
  values: EventFormValues,
): { ok: true; body: TEventCreate & { is_active: boolean } } | { ok: false; errors: EventFormErrors } {
  const body = {
    name: values.name.trim(),
    description: values.description.trim(),
    start_date: fromDateTimeInput(values.start_date),
    end_date: fromDateTimeInput(values.end_date),
    location: values.location.trim(),
    is_active: values.is_active,
  };
  const errors: EventFormErrors = {};
  // Blank fields first: the schema's date-order check expects dates and must only see filled ones.
  if (!body.name) errors.name = messages.eventNameRequired;
  if (!values.start_date.trim()) errors.start_date = messages.startDateRequired;
  else if (!body.start_date) errors.start_date = messages.invalidEventDate;
  if (!values.end_date.trim()) errors.end_date = messages.endDateRequired;
  else if (!body.end_date) errors.end_date = messages.invalidEventDate;
  if (!body.location) errors.location = messages.locationRequired;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = ZEventCreate.safeParse(body);
  if (parsed.success) return { ok: true, body };
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (fields.has(field) && !errors[field as EventFormField])
      errors[field as EventFormField] = issue.message;
  }
  return { ok: false, errors };
}

/** A refused save: the server's message (else `fallback`) and its errors for the fields of this form. */
export function eventRefusal(fallback: string) {
  return (err: unknown): Refusal<EventFormValues> => ({
    message: serverMessage(err, fallback),
    errors: formFieldErrors<EventFormField>(err, fields),
  });
}

type Props = {
  form: FormBinding<EventFormValues>;
  /** Edit mode shows the 'Event is active' checkbox. */
  withActive?: boolean;
};

/** Name, description, start and end date-times, location (and the active flag when editing). */
export function EventFormFields({ form, withActive = false }: Props) {
  const { values, errors, change: onChange } = form;
  return (
    <Stack gap="md">
      <TextInput
        {...requiredFieldProps}
        label={te('form.name')}
        name="name"
        value={values.name}
        error={errors.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        maxLength={200}
      />
      <Textarea
        label={te('form.description')}
        name="description"
        autosize
        minRows={2}
        maxRows={6}
        value={values.description}
        error={errors.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...requiredFieldProps}
          type="datetime-local"
          label={te('form.startDate')}
          name="start_date"
          value={values.start_date}
          error={errors.start_date}
          onChange={(e) => onChange({ start_date: e.currentTarget.value })}
        />
        <TextInput
          {...requiredFieldProps}
          type="datetime-local"
          label={te('form.endDate')}
          name="end_date"
          value={values.end_date}
          min={values.start_date || undefined}
          error={errors.end_date}
          onChange={(e) => onChange({ end_date: e.currentTarget.value })}
        />
      </SimpleGrid>
      <TextInput
        {...requiredFieldProps}
        label={te('form.location')}
        name="location"
        value={values.location}
        error={errors.location}
        onChange={(e) => onChange({ location: e.currentTarget.value })}
        maxLength={300}
      />
      {withActive && (
        <Checkbox
          label={te('form.isActive')}
          name="is_active"
          checked={values.is_active}
          onChange={(e) => onChange({ is_active: e.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
