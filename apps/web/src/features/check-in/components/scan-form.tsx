import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import { CHECK_IN_DATA_MAX, CHECK_IN_NOTES_MAX, ZCheckInCode } from '@attend/shared';
import { SCANNER_FIELD_ATTRIBUTE, useScannerBursts } from '../hooks/use-scanner-bursts';
import type { NameMatch, NameMatches as Found } from '../hooks/use-offline-station';
import { primeFeedback } from '../lib/feedback';
import { isNameQuery } from '../lib/name-search';
import { tc } from '../i18n';
import { NameMatches } from './name-matches';

type Props = {
  onSubmit: (code: string, notes: string) => void;
  /**
   * People whose name matches typed letters (the station's participant list), null while it has
   * none. Without it the field takes codes only.
   */
  findByName?: (query: string) => Found | null;
  /** 'Check in' beside someone found by name. */
  onCheckInParticipant?: (match: NameMatch, notes: string) => void;
  /** The event's zone, for the times of earlier check-ins in the name list. */
  timeZone?: string;
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

/**
 * Manual entry of a unique code with Submit (document 2 §2), also the field a handheld scanner types
 * into, and the search by name for someone who forgot their code. One field, told apart like this:
 * - a handheld scanner's burst (fast keys ending in Enter) is a code, wherever the focus is (only
 *   Notes and other text fields keep their keys), see hooks/use-scanner-bursts;
 * - letters typed by a person list the people whose name matches, below the field, each with its
 *   Check in button; Enter then checks nobody in (a name is not a code, and a single match may still
 *   be the wrong person): it says to press Check in beside the right person;
 * - Enter or Submit with no name matching sends the text as a code, as before.
 */
export function ScanForm({
  onSubmit,
  findByName,
  onCheckInParticipant,
  timeZone,
  pending,
  keepFocus,
  focusSignal,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nudge, setNudge] = useState(false);

  const nameQuery = findByName !== undefined && isNameQuery(code);
  const found = useMemo(
    () => (nameQuery && findByName ? findByName(code) : null),
    [nameQuery, findByName, code],
  );

  const send = (text: string) => {
    onSubmit(text, notes);
    setCode('');
    setNotes('');
    setNudge(false);
    setError(null);
  };

  // A scanner's burst, wherever the focus was. In this field the characters are there too: the
  // field's text is the scan (a code, even if it matches names), and the field is cleared.
  useScannerBursts((text, target) => {
    primeFeedback();
    const field = input.current;
    const parsed = ZCheckInCode.safeParse(field && target === field ? field.value : text);
    if (parsed.success) send(parsed.data);
  });

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
    if (nameQuery && found && found.matches.length > 0) {
      setNudge(true);
      return;
    }
    const parsed = ZCheckInCode.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? tc('station.codeRequired'));
      return;
    }
    send(parsed.data);
    input.current?.focus();
  };

  const checkIn = (match: NameMatch) => {
    primeFeedback();
    onCheckInParticipant?.(match, notes);
    setCode('');
    setNotes('');
    setNudge(false);
    setError(null);
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
            setNudge(false);
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
          {...{ [SCANNER_FIELD_ATTRIBUTE]: '' }}
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
        {nameQuery && (
          <NameMatches query={code} found={found} onCheckIn={checkIn} nudge={nudge} timeZone={timeZone} />
        )}
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
