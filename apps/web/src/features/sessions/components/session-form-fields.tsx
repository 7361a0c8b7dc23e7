import { Checkbox, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { requiredFieldProps as required } from '../../../components/required-label';
import { ts } from '../i18n';
import { describeTimeZone, toDateTimeInput } from '../../../lib/date-time';
import { textField, type FormBinding } from '../../../lib/use-form-state';
import { eventWindowText, type EventWindow, type SessionFormValues } from '../lib/session-form';

type Props = {
  form: FormBinding<SessionFormValues>;
  /** Label of the active checkbox ('Session is active' in the modal, 'Active' on the detail page). */
  activeLabel: string;
  /** Earliest selectable start (the Create Session modal: the present). */
  minStart?: string;
  /** Location is required when creating; the edit form keeps it optional. */
  locationRequired?: boolean;
  /** The event's time zone, which the time inputs are in. */
  timeZone: string;
  /** The session's event, once loaded: its dates bound the time inputs and are named above them. */
  event?: EventWindow;
};

/** The later of two `datetime-local` values (same format, so they compare as text). */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (!a || !b) return a || b || undefined;
  return a > b ? a : b;
}

/** Session Name, Description, Location, Start Time, End Time, Max Participants and the active flag. */
export function SessionFormFields({
  form,
  activeLabel,
  minStart,
  locationRequired = true,
  timeZone,
  event,
}: Props) {
  const { values, errors, change: onChange } = form;
  const zoneHint = ts('form.timesIn', { zone: describeTimeZone(timeZone) });
  const eventStart = event && toDateTimeInput(event.start_date, timeZone);
  const eventEnd = event && toDateTimeInput(event.end_date, timeZone);
  const earliest = later(minStart, eventStart);
  return (
    <Stack gap="md">
      <TextInput {...required} label={ts('form.name')} maxLength={200} {...textField(form, 'name')} />
      <Textarea
        label={ts('form.description')}
        autosize
        minRows={2}
        maxRows={6}
        {...textField(form, 'description')}
      />
      <TextInput
        {...(locationRequired ? required : {})}
        label={ts('form.location')}
        maxLength={300}
        {...textField(form, 'location')}
      />
      {event && (
        <Text size="sm" c="dimmed" data-testid="session-event-dates">
          {ts('form.eventDates', eventWindowText(event))}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...required}
          type="datetime-local"
          label={ts('form.start')}
          description={zoneHint}
          min={earliest}
          max={eventEnd}
          {...textField(form, 'start_time')}
        />
        <TextInput
          {...required}
          type="datetime-local"
          label={ts('form.end')}
          description={zoneHint}
          min={later(values.start_time, earliest)}
          max={eventEnd}
          {...textField(form, 'end_time')}
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
