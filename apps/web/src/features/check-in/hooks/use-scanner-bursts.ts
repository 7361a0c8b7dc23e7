import { useEffect, useEffectEvent } from 'react';
import { createBurstDetector, type BurstOptions } from '../lib/scanner-burst';

/** Marks the field a scanner may type into (the code field): bursts there are taken too. */
export const SCANNER_FIELD_ATTRIBUTE = 'data-scanner-field';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url']);

/** Someone may be typing here (Notes, a search box): keys are theirs, not a scanner's. */
export function isTypingField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest(`[${SCANNER_FIELD_ATTRIBUTE}]`)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled;
  if (target instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(target.type) && !target.readOnly && !target.disabled;
  }
  return false;
}

/**
 * A handheld scanner anywhere on the page: its fast keys ending in Enter or Tab are recognised
 * wherever the focus is (the page itself, a button, the session selector, the code field), except
 * in a field someone types in (Notes, a search box). The terminator of a burst is kept from the
 * focused element (Enter would press a focused button or open the selector), and `onBurst` gets the
 * text and where the keys went (in the code field, what the field holds is the whole scan: a key the
 * browser stamped late may have cut the burst short). Listens in the capture phase, so it sees each
 * key before the page's own handlers.
 */
export function useScannerBursts(
  onBurst: (text: string, target: EventTarget | null) => void,
  { enabled = true, options }: { enabled?: boolean; options?: Partial<BurstOptions> } = {},
): void {
  const handle = useEffectEvent((text: string, target: EventTarget | null) => onBurst(text, target));
  const maxGapMs = options?.maxGapMs;
  const maxMeanGapMs = options?.maxMeanGapMs;
  const minLength = options?.minLength;

  useEffect(() => {
    if (!enabled) return;
    const detector = createBurstDetector({
      ...(maxGapMs !== undefined && { maxGapMs }),
      ...(maxMeanGapMs !== undefined && { maxMeanGapMs }),
      ...(minLength !== undefined && { minLength }),
    });
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTypingField(event.target)) {
        detector.reset();
        return;
      }
      const step = detector.push({
        key: event.key,
        time: event.timeStamp,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        isComposing: event.isComposing,
      });
      if (step.kind !== 'burst') return;
      event.preventDefault();
      event.stopPropagation();
      handle(step.text, event.target);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, maxGapMs, maxMeanGapMs, minLength]);
}
