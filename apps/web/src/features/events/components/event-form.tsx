import { useMemo } from 'react';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  canonicalTimeZone,
  DEFAULT_DSA_SESSIONS_PER_DAY,
  DEFAULT_TIME_ZONE,
  defaultEventNotes,
  LANGUAGE_LOCALES,
  MAX_DSA_SESSIONS_PER_DAY,
  messages,
  timeZoneChoices,
  ZEventCreate,
  type TEvent,
  type TEventCreate,
  type TLanguage,
} from '@attend/shared';
import { countryOfTimeZone, phoneCountries } from '@attend/shared/phone';
import { requiredFieldProps } from '../../../components/required-label';
import { formFieldErrors, serverMessage } from '../../../lib/api-errors';
import { describeTimeZone, fromDateTimeInput, toDateTimeInput, viewerTimeZone } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/i18n';
import { textField, type FormBinding, type Refusal } from '../../../lib/use-form-state';
import { te } from '../i18n';

export type EventFormValues = {
  name: string;
  description: string;
  /** `datetime-local` values: wall-clock times in `time_zone`, whatever the browser's zone. */
  start_date: string;
  end_date: string;
  location: string;
  is_active: boolean;
  /** The event's IANA time zone. */
  time_zone: string;
  /** The country local phone numbers are read in (ISO alpha-2), '' for none. */
  default_country: string;
  /** Blank: the standard wording (which follows the DSA setting). */
  event_notes: string;
  group_chat_url: string;
  support_contact: string;
  /** Sessions a day that earn the DSA; '' while the field is cleared. */
  dsa_sessions_per_day: number | string;
  allow_walk_ins_by_scanners: boolean;
  print_badge_on_check_in: boolean;
};
export type EventFormField = keyof EventFormValues;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

/** The zone a new event starts with: the browser's, when it is one the API accepts. */
export function defaultTimeZone(): string {
  return canonicalTimeZone(viewerTimeZone()) ?? DEFAULT_TIME_ZONE;
}

/** The standard notes of an event (or of a new one), shown when staff leave the notes blank. */
function standardNotes(event?: TEvent): string {
  return defaultEventNotes(event?.dsa_sessions_per_day ?? DEFAULT_DSA_SESSIONS_PER_DAY);
}

/** The DSA field's value as the API takes it, or null when it is not a whole number from 0 to 24. */
function dsaValue(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 && n <= MAX_DSA_SESSIONS_PER_DAY ? n : null;
}

export function eventFormValues(event?: TEvent): EventFormValues {
  const timeZone = event?.time_zone ?? defaultTimeZone();
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    start_date: toDateTimeInput(event?.start_date, timeZone),
    end_date: toDateTimeInput(event?.end_date, timeZone),
    location: event?.location ?? '',
    is_active: event?.is_active ?? true,
    time_zone: timeZone,
    default_country: event ? event.default_country : countryOfTimeZone(timeZone),
    // The API answers the standard wording when none was written: that reads as blank here.
    event_notes: !event || event.event_notes === standardNotes(event) ? '' : event.event_notes,
    group_chat_url: event?.group_chat_url ?? '',
    support_contact: event?.support_contact ?? '',
    dsa_sessions_per_day: event?.dsa_sessions_per_day ?? DEFAULT_DSA_SESSIONS_PER_DAY,
    allow_walk_ins_by_scanners: event?.allow_walk_ins_by_scanners ?? false,
    print_badge_on_check_in: event?.print_badge_on_check_in ?? false,
  };
}

const fields = new Set<string>([
  'name',
  'description',
  'start_date',
  'end_date',
  'location',
  'is_active',
  'time_zone',
  'default_country',
  'event_notes',
  'group_chat_url',
  'support_contact',
  'dsa_sessions_per_day',
  'allow_walk_ins_by_scanners',
  'print_badge_on_check_in',
]);

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
    start_date: fromDateTimeInput(values.start_date, values.time_zone),
    end_date: fromDateTimeInput(values.end_date, values.time_zone),
    location: values.location.trim(),
    is_active: values.is_active,
    time_zone: values.time_zone,
    default_country: values.default_country,
    // null keeps (or restores) the standard wording.
    event_notes: values.event_notes.trim() || null,
    group_chat_url: values.group_chat_url.trim(),
    support_contact: values.support_contact.trim(),
    dsa_sessions_per_day: dsaValue(values.dsa_sessions_per_day) ?? DEFAULT_DSA_SESSIONS_PER_DAY,
    allow_walk_ins_by_scanners: values.allow_walk_ins_by_scanners,
    print_badge_on_check_in: values.print_badge_on_check_in,
  };
  const errors: EventFormErrors = {};
  // Blank fields first: the schema's date-order check expects dates and must only see filled ones.
  if (!body.name) errors.name = messages.eventNameRequired;
  if (!values.start_date.trim()) errors.start_date = messages.startDateRequired;
  else if (!body.start_date) errors.start_date = messages.invalidEventDate;
  if (!values.end_date.trim()) errors.end_date = messages.endDateRequired;
  else if (!body.end_date) errors.end_date = messages.invalidEventDate;
  if (!body.location) errors.location = messages.locationRequired;
  if (!canonicalTimeZone(body.time_zone)) errors.time_zone = messages.invalidTimeZone;
  if (dsaValue(values.dsa_sessions_per_day) === null) errors.dsa_sessions_per_day = te('form.dsaInvalid');
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
  /** The event being edited (its DSA setting words the standard notes). */
  event?: TEvent;
};

/** The choice meaning "no country": numbers must then carry their country code. */
const NO_COUNTRY = 'none';

/** Every country whose numbers can be read, named in the screen's language, by name. */
function countryOptions(language: TLanguage): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([LANGUAGE_LOCALES[language]], { type: 'region' });
  const countries = phoneCountries()
    .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [{ value: NO_COUNTRY, label: te('form.countryNone') }, ...countries];
}

/** The zones to choose from; a stored zone the browser does not list is kept as a choice. */
function zoneOptions(current: string): string[] {
  const all = timeZoneChoices();
  return all.includes(current) ? all : [current, ...all];
}

/**
 * Name, description, time zone, start and end date-times (wall-clock times in that zone), location,
 * the DSA rule, the participants' notes (whose standard wording follows the DSA rule as it is typed),
 * group-chat link and contact line, the check-in station's settings (walk-ins by scanners, a badge
 * printed at each door check-in), and the active flag when editing.
 */
export function EventFormFields({ form, withActive = false, event }: Props) {
  const zone = form.values.time_zone;
  const options = useMemo(() => zoneOptions(zone), [zone]);
  const [language] = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  const zoneHint = te('form.timesIn', { zone: describeTimeZone(zone) });
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
      <Select
        {...requiredFieldProps}
        label={te('form.timeZone')}
        description={te('form.timeZoneHint')}
        name="time_zone"
        data={options}
        value={zone}
        onChange={(value) => {
          if (!value) return;
          // The country follows the zone until staff choose another one.
          const follows = form.values.default_country === countryOfTimeZone(zone);
          form.change({
            time_zone: value,
            ...(follows ? { default_country: countryOfTimeZone(value) } : {}),
          });
        }}
        error={form.errors.time_zone}
        searchable
        allowDeselect={false}
        nothingFoundMessage={te('form.timeZoneNone')}
      />
      <Select
        label={te('form.country')}
        description={te('form.countryHint')}
        name="default_country"
        data={countries}
        value={form.values.default_country || NO_COUNTRY}
        onChange={(value) => {
          if (value) form.change({ default_country: value === NO_COUNTRY ? '' : value });
        }}
        error={form.errors.default_country}
        searchable
        allowDeselect={false}
        nothingFoundMessage={te('form.countryNotFound')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...requiredFieldProps}
          type="datetime-local"
          label={te('form.startDate')}
          description={zoneHint}
          {...textField(form, 'start_date')}
        />
        <TextInput
          {...requiredFieldProps}
          type="datetime-local"
          label={te('form.endDate')}
          description={zoneHint}
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
      <NumberInput
        label={te('form.dsaSessionsPerDay')}
        description={te('form.dsaSessionsPerDayHint')}
        name="dsa_sessions_per_day"
        value={form.values.dsa_sessions_per_day}
        onChange={(value) => form.change({ dsa_sessions_per_day: value })}
        error={form.errors.dsa_sessions_per_day}
        min={0}
        max={MAX_DSA_SESSIONS_PER_DAY}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        w={{ base: '100%', sm: 260 }}
      />
      <Textarea
        label={te('form.eventNotes')}
        description={te('form.eventNotesHint')}
        placeholder={defaultEventNotes(
          dsaValue(form.values.dsa_sessions_per_day) ??
            event?.dsa_sessions_per_day ??
            DEFAULT_DSA_SESSIONS_PER_DAY,
        )}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={5000}
        {...textField(form, 'event_notes')}
      />
      <TextInput
        type="url"
        label={te('form.groupChatUrl')}
        description={te('form.groupChatUrlHint')}
        placeholder="https://"
        maxLength={2048}
        {...textField(form, 'group_chat_url')}
      />
      <TextInput
        label={te('form.supportContact')}
        description={te('form.supportContactHint')}
        maxLength={500}
        {...textField(form, 'support_contact')}
      />
      <Checkbox
        label={te('form.allowWalkIns')}
        description={te('form.allowWalkInsHint')}
        name="allow_walk_ins_by_scanners"
        checked={form.values.allow_walk_ins_by_scanners}
        onChange={(e) => form.change({ allow_walk_ins_by_scanners: e.currentTarget.checked })}
      />
      <Checkbox
        label={te('form.printBadgeOnCheckIn')}
        description={te('form.printBadgeOnCheckInHint')}
        name="print_badge_on_check_in"
        checked={form.values.print_badge_on_check_in}
        onChange={(e) => form.change({ print_badge_on_check_in: e.currentTarget.checked })}
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
