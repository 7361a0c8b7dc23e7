import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { messages, ZEventCreate, type TEvent, type TEventCreate } from '@attend/shared';
import { requiredFieldProps } from '../../../components/required-label';
import { formFieldErrors, serverMessage } from '../../../lib/api-errors';
import { fromDateTimeInput, toDateTimeInput } from '../../../lib/date-time';
import { textField, type FormBinding, type Refusal } from '../../../lib/use-form-state';
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
  return (
    <Stack gap="md">
      <TextInput
        {...requiredFieldProps}
        label={te('form.name')}
        {...textField(form, 'name')}
        maxLength={200}
      />
      <Textarea
        label={te('form.description')}
        autosize
        minRows={2}
        maxRows={6}
        {...textField(form, 'description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...requiredFieldProps}
          type="datetime-local"
          label={te('form.startDate')}
          {...textField(form, 'start_date')}
        />
        <TextInput
          {...requiredFieldProps}
          type="datetime-local"
          label={te('form.endDate')}
          {...textField(form, 'end_date')}
          min={form.values.start_date || undefined}
        />
      </SimpleGrid>
      <TextInput
        {...requiredFieldProps}
        label={te('form.location')}
        {...textField(form, 'location')}
        maxLength={300}
      />
      {withActive && (
        <Checkbox
          label={te('form.isActive')}
          name="is_active"
          checked={form.values.is_active}
          onChange={(e) => form.change({ is_active: e.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
