import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStaffCredentials, type TStaffCreate } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { staffAccountsQueryOptions } from './get-staff-accounts';

/**
 * POST /api/accounts/staff/: a new account, answered with its invitation link or generated password
 * (shown once: neither is kept in the query cache).
 */
export function createStaffAccount(body: TStaffCreate) {
  return api(apiPaths.staffAccounts(), { method: 'POST', body, schema: ZStaffCredentials });
}

export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountsQueryOptions().queryKey }),
  });
}
