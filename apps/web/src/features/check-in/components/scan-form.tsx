import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import { CHECK_IN_DATA_MAX, CHECK_IN_NOTES_MAX, ZCheckInCreate } from '@attend/shared';
import { primeFeedback } from '../lib/feedback';
import { tc } from '../i18n';

type Props = {
  onSubmit: (code: string, notes: string) => void;
  pending: boolean;
  /**
   * Handheld scanner mode: the code field holds the focus (on open, after every result, and whenever
   * the focus falls back to the page), so a USB or Bluetooth scanner's "code + Enter" always lands.
   */
  keepFocus: boolean;
  /** Changes after every result: the field takes the focus again. */
  focusSignal: number;
};

/** After a focus change settles: is nothing (the page body) focused? */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
}

/** Manual entry of a unique code with Submit (document 2 §2), also the field a handheld scanner types into. */
export function ScanForm({ onSubmit, pending, keepFocus, focusSignal }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (keepFocus) input.current?.focus();
  }, [keepFocus, focusSignal]);

  useEffect(() => {
    if (!keepFocus) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reclaim = () => {
      clearTimeout(timer);
      // The new focus target is known only once the focus change has finished.
      timer = setTimeout(() => {
        if (focusIsLost()) input.current?.focus();
      }, 0);
    };
    document.addEventListener('focusout', reclaim);
    document.addEventListener('pointerup', reclaim);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusout', reclaim);
      document.removeEventListener('pointerup', reclaim);
    };
  }, [keepFocus]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    primeFeedback();
    const parsed = ZCheckInCreate.shape.qr_code_data.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? tc('station.codeRequired'));
      return;
    }
    setError(null);
    onSubmit(parsed.data, notes);
    setCode('');
    setNotes('');
    input.current?.focus();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={tc('station.code')}>
      <Stack gap="sm">
        <TextInput
          ref={input}
          label={tc('station.code')}
          description={tc('station.codeHint')}
          placeholder={tc('station.codePlaceholder')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          maxLength={CHECK_IN_DATA_MAX}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          size="lg"
          rightSection={pending ? <Loader size="sm" aria-hidden /> : null}
          data-testid="scan-field"
          inputContainer={(field) => (
            <Group gap="sm" wrap="nowrap" align="stretch">
              <div style={{ flex: 1 }}>{field}</div>
              {/* Never disabled while a scan is in flight: Enter on the field must always submit. */}
              <Button type="submit" size="lg">
                {tc('station.submit')}
              </Button>
            </Group>
          )}
        />
        <TextInput
          label={tc('station.notes')}
          placeholder={tc('station.notesPlaceholder')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          maxLength={CHECK_IN_NOTES_MAX}
          autoComplete="off"
        />
      </Stack>
    </form>
  );
}
