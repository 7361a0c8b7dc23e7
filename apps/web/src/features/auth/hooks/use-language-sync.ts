import { useEffect } from 'react';
import {
  adoptLanguage,
  currentLanguage,
  onLanguageChosen,
  takePendingChoice,
  type TLanguage,
} from '../../../lib/i18n';
import { getSession, isParticipant, updateSessionUser, useSession } from '../../../lib/auth-session';
import { updateMyLanguage } from '../api/update-my-language';

// The participant whose sign-in was handled. Kept outside the component: a change of language
// mounts the screens afresh, and this must outlive that.
const handledParticipant: { current: number | null } = { current: null };

function save(language: TLanguage): void {
  updateMyLanguage(language).then(
    (me) => updateSessionUser(me),
    () => {
      // Offline or refused: the screens keep the choice; the next pick or sign-in tries again.
    },
  );
}

/**
 * Keeps a participant's language on the server, where the messages they receive read it.
 *
 * The rule: a participant's language is the one last picked. A pick while signed in as a
 * participant is saved at once. When a participant session starts, a pick made on this page before
 * signing in (on the sign-in page, say) is saved; otherwise the language kept by the server (their
 * own earlier pick, or what staff set at import) is shown and remembered on this device. Staff have
 * no stored language: their pick stays on the device.
 */
export function useLanguageSync(): void {
  const session = useSession();

  useEffect(
    () =>
      onLanguageChosen((language) => {
        const { status, user, offline } = getSession();
        if (status !== 'authenticated' || !isParticipant(user) || offline) return;
        takePendingChoice();
        if (user.language !== language) save(language);
      }),
    [],
  );

  const participant = session.status === 'authenticated' && isParticipant(session.user) ? session.user : null;
  const participantId = participant?.id ?? null;
  const storedLanguage = participant?.language ?? null;
  const offline = session.offline;
  useEffect(() => {
    if (participantId === null || storedLanguage === null) {
      if (session.status === 'anonymous') handledParticipant.current = null;
      // Staff keep their pick on the device only.
      if (session.status === 'authenticated') takePendingChoice();
      return;
    }
    if (handledParticipant.current === participantId || offline) return;
    handledParticipant.current = participantId;
    const picked = takePendingChoice();
    if (picked !== null) {
      if (picked !== storedLanguage) save(picked);
    } else if (storedLanguage !== currentLanguage()) {
      void adoptLanguage(storedLanguage);
    }
  }, [participantId, storedLanguage, offline, session.status]);
}
