import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import { Button, Loader, Stack, TextInput } from '@mantine/core';
import { CHECK_IN_DATA_MAX, CHECK_IN_NOTES_MAX, ZCheckInCode } from '@attend/shared';
import { SCANNER_FIELD_ATTRIBUTE, useScannerBursts } from '../hooks/use-scanner-bursts';
import type { NameMatch, NameMatches as Found } from '../hooks/use-offline-station';
import { currentLanguage } from '../../../lib/i18n';
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
 * The code field is not a controlled input: a key typed there renders the name list alone (see
 * TypedStore), not this form, so the list is painted within a frame or two even on a slow phone.
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
  const [typed] = useState(createTypedStore);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const clearCode = () => {
    if (input.current) input.current.value = '';
    typed.set({ text: '', nudge: false });
  };

  const send = (text: string) => {
    onSubmit(text, notes);
    clearCode();
    setNotes('');
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
    const code = input.current?.value ?? '';
    const found = findByName && isNameQuery(code) ? findByName(code) : null;
    if (found && found.matches.length > 0) {
      typed.set({ text: code, nudge: true });
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
    clearCode();
    setNotes('');
    setError(null);
    input.current?.focus();
  };
  // One function for the list's whole life, so its rows are not rebuilt on every key.
  const latestCheckIn = useRef(checkIn);
  useLayoutEffect(() => {
    latestCheckIn.current = checkIn;
  });
  const stableCheckIn = useCallback((match: NameMatch) => latestCheckIn.current(match), []);

  const language = currentLanguage();
  const submitButton = useMemo(
    () => (
      // Never disabled while a scan is in flight: Enter on the field must always submit.
      <Button type="submit" size="lg">
        {tc('station.submit')}
      </Button>
    ),
    // The label follows the language shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language],
  );

  return (
    <form onSubmit={submit} noValidate aria-label={tc('station.code')}>
      <Stack gap="sm">
        {/* The name list opens over what follows, under the field. */}
        <div style={{ position: 'relative' }}>
          <TextInput
            ref={input}
            label={tc('station.code')}
            description={tc('station.codeHint')}
            placeholder={tc('station.codePlaceholder')}
            defaultValue=""
            onChange={(e) => {
              typed.set({ text: e.currentTarget.value, nudge: false });
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              // Escape closes the name list (and forgets what was typed).
              if (e.key === 'Escape' && e.currentTarget.value !== '') {
                e.preventDefault();
                clearCode();
              }
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
              <div style={{ display: 'flex', gap: 'var(--mantine-spacing-sm)', alignItems: 'stretch' }}>
                <div style={{ flex: 1 }}>{field}</div>
                {submitButton}
              </div>
            )}
          />
          {findByName && (
            <NameSearch typed={typed} findByName={findByName} onCheckIn={stableCheckIn} timeZone={timeZone} />
          )}
        </div>
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

type Typed = { text: string; nudge: boolean };

/** What is typed in the code field, for the name list to follow without the form re-rendering. */
function createTypedStore() {
  let value: Typed = { text: '', nudge: false };
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: Typed) {
      if (next.text === value.text && next.nudge === value.nudge) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type TypedStore = ReturnType<typeof createTypedStore>;

/** The name list under the code field, rendered again on each key (and nothing else is). */
function NameSearch({
  typed,
  findByName,
  onCheckIn,
  timeZone,
}: {
  typed: TypedStore;
  findByName: (query: string) => Found | null;
  onCheckIn: (match: NameMatch) => void;
  timeZone?: string;
}) {
  const { text, nudge } = useSyncExternalStore(typed.subscribe, typed.get);
  const nameQuery = isNameQuery(text);
  const found = useMemo(() => (nameQuery ? findByName(text) : null), [nameQuery, findByName, text]);
  if (!nameQuery) return null;
  return <NameMatches query={text} found={found} onCheckIn={onCheckIn} nudge={nudge} timeZone={timeZone} />;
}
