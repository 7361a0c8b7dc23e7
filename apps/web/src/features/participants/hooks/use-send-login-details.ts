import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useSendNotifications } from '../api/send-notifications';
import { tp } from '../i18n';

/**
 * Send Login (a row of the list) and Send Login Details (the detail page): the notification call for
 * one participant, by e-mail and SMS (document 2 §7), told as 'Login details sent successfully' or
 * the reason it could not be sent.
 */
export function useSendLoginDetails(eventId: number) {
  const send = useSendNotifications(eventId);
  const sendLogin = (participantId: number) =>
    send.mutate(
      { participantIds: [participantId], type: 'both' },
      {
        onSuccess: (result) => {
          const problem = result.errors[0]?.error;
          // Sent on one channel, not the other (an SMS to a number that is not one): both are said.
          if (result.success_count === 1 && problem)
            notify(`${tp('sendLogin.success')}\n${problem}`, 'warning');
          else if (result.success_count === 1) notify(tp('sendLogin.success'), 'success');
          else notify(result.errors[0]?.error ?? tp('sendLogin.failed'), 'error');
        },
        onError: (err) => notify(serverMessage(err, tp('sendLogin.failed')), 'error'),
      },
    );
  const sendingId = send.isPending ? (send.variables?.participantIds[0] ?? null) : null;
  return { sendLogin, sendingId };
}
