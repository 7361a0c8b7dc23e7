import { useState } from 'react';
import { TextInput } from '@mantine/core';
import type { TParticipantLogin } from '@attend/shared';
import { requiredFieldProps } from '../../../components/required-label';
import { t } from '../../../lib/i18n';
import { SignInForm, typed } from './sign-in-form';

type Props = {
  initialEventCode: string;
  submitting: boolean;
  /** Solving the proof of work the server asked for: 'Checking your browser…' shows. */
  solving: boolean;
  error: string | null;
  onSubmit: (values: TParticipantLogin) => void;
  onEdit: () => void;
};

/** Codes are typed as printed: no autocomplete, capitals, no spell check. */
const codeInputProps = {
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  ...requiredFieldProps,
} as const;

/**
 * Participant Code (the event code) and the participant's Unique Code. The login e-mail calls the
 * first "Event code", so each field's hint names the e-mail's wording and shows the code's shape.
 */
export function ParticipantLoginForm({
  initialEventCode,
  submitting,
  solving,
  error,
  onSubmit,
  onEdit,
}: Props) {
  const [eventCode, setEventCode] = useState(initialEventCode);
  const [uniqueCode, setUniqueCode] = useState('');

  return (
    <SignInForm
      onSubmit={() => onSubmit({ event_code: eventCode.trim(), unique_code: uniqueCode.trim() })}
      submitting={submitting}
      solving={solving}
      error={error}
      submitLabel={t('login.submit')}
    >
      <TextInput
        label={t('login.participantCode')}
        name="eventCode"
        placeholder={t('login.participantCodePlaceholder')}
        description={t('login.participantCodeHint')}
        {...codeInputProps}
        value={eventCode}
        onChange={typed(setEventCode, onEdit)}
      />
      <TextInput
        label={t('login.uniqueCode')}
        name="uniqueCode"
        placeholder={t('login.uniqueCodePlaceholder')}
        description={t('login.uniqueCodeHint')}
        {...codeInputProps}
        value={uniqueCode}
        onChange={typed(setUniqueCode, onEdit)}
      />
    </SignInForm>
  );
}
