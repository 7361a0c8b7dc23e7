import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { isParticipant, useSession } from '../../../lib/auth-session';
import { notify } from '../../../lib/notify';
import { confirmErrorMessage, useConfirmMyAttendance } from '../api/confirm-my-attendance';
import { ta } from '../i18n';

/**
 * Action Required (document 1 §2): confirming unlocks session registration, the QR code, entry and
 * DSA eligibility. A failure turns the button into Try Again and shows why.
 */
export function ConfirmAttendancePanel() {
  const { user } = useSession();
  const confirm = useConfirmMyAttendance({
    onConfirmed: () => notify(ta('action.success'), 'success'),
    onFailed: (err) => notify(confirmErrorMessage(err), 'error'),
  });
  const failed = confirm.isError;
  const run = () => confirm.mutate(user);

  if (!isParticipant(user) || user.confirmed_attendance) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="action-required-title"
      style={{ borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 }}
      data-testid="action-required"
    >
      <Stack gap="sm">
        <Title order={2} fz="h3" id="action-required-title" c="orange.9">
          {ta('action.title')}
        </Title>
        <Text>{ta('action.text')}</Text>
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {confirmErrorMessage(confirm.error)}
          </Alert>
        )}
        <Button
          size="md"
          color={failed ? 'red.9' : 'teal.9'}
          onClick={run}
          loading={confirm.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {failed ? ta('action.tryAgain') : ta('action.confirmNow')}
        </Button>
      </Stack>
    </Paper>
  );
}
