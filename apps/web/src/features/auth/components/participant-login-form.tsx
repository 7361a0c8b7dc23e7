import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import type { TParticipantLogin } from '@attend/shared';
import { FormError } from '../../../components/form-error';
import { requiredLabelProps } from '../../../components/required-label';
import { t } from '../../../lib/i18n';

type Props = {
  initialEventCode: string;
  submitting: boolean;
  error: string | null;
  onSubmit: (values: TParticipantLogin) => void;
  onEdit: () => void;
};

/** Participant Code (the event code) and the participant's Unique Code. */
export function ParticipantLoginForm({ initialEventCode, submitting, error, onSubmit, onEdit }: Props) {
  const [eventCode, setEventCode] = useState(initialEventCode);
  const [uniqueCode, setUniqueCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ event_code: eventCode.trim(), unique_code: uniqueCode.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.participantCode')}
          name="eventCode"
          placeholder={t('login.participantCodePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          withAsterisk={false}
          labelProps={requiredLabelProps}
          value={eventCode}
          onChange={(e) => {
            setEventCode(e.currentTarget.value);
            onEdit();
          }}
        />
        <TextInput
          label={t('login.uniqueCode')}
          name="uniqueCode"
          placeholder={t('login.uniqueCodePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          withAsterisk={false}
          labelProps={requiredLabelProps}
          value={uniqueCode}
          onChange={(e) => {
            setUniqueCode(e.currentTarget.value);
            onEdit();
          }}
        />
        <FormError message={error} />
        <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
