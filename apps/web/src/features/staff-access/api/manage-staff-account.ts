import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStaffAccount, ZStaffCredentials, type CredentialDelivery } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { staffAccountsQueryOptions } from './get-staff-accounts';

/** POST /api/accounts/staff/{id}/credentials/: a new invitation link or generated password. */
export function resetStaffCredentials(staffId: number, delivery: CredentialDelivery) {
  return api(apiPaths.staffAccountCredentials(staffId), {
    method: 'POST',
    body: { delivery },
    schema: ZStaffCredentials,
  });
}

/** POST /api/accounts/staff/{id}/disable/ or …/enable/. */
export function setStaffActive(staffId: number, active: boolean) {
  return api(apiPaths.staffAccountActive(staffId, active), { method: 'POST', schema: ZStaffAccount });
}

/** DELETE /api/accounts/staff/{id}/. */
export async function removeStaffAccount(staffId: number): Promise<void> {
  await api(apiPaths.staffAccount(staffId), { method: 'DELETE' });
}

function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffAccountsQueryOptions().queryKey });
}

export function useResetStaffCredentials() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ id, delivery }: { id: number; delivery: CredentialDelivery }) =>
      resetStaffCredentials(id, delivery),
    onSuccess: refresh,
  });
}

export function useSetStaffActive() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setStaffActive(id, active),
    onSuccess: refresh,
  });
}

export function useRemoveStaffAccount() {
  const refresh = useRefreshList();
  return useMutation({ mutationFn: removeStaffAccount, onSuccess: refresh });
}
