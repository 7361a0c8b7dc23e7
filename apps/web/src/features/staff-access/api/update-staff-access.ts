import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStaffAccount, type TStaffAccessUpdate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { staffAccountsQueryOptions } from './get-staff-accounts';

/** PATCH /api/accounts/staff/{id}/: make an account admin, or scanner of the given events. */
export function updateStaffAccess(staffId: number, body: TStaffAccessUpdate) {
  return api(apiPaths.staffAccount(staffId), { method: 'PATCH', body, schema: ZStaffAccount });
}

export function useUpdateStaffAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TStaffAccessUpdate }) => updateStaffAccess(id, body),
    onSuccess: (account) => {
      queryClient.setQueryData(staffAccountsQueryOptions().queryKey, (old) =>
        old?.map((a) => (a.id === account.id ? account : a)),
      );
    },
  });
}
