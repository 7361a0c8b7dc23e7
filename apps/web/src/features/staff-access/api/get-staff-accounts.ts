import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStaffAccountList } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/staff/ (admin): every staff account with its role and events. */
export function getStaffAccounts({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.staffAccounts(), { schema: ZStaffAccountList, signal });
}

export function staffAccountsQueryOptions() {
  return queryOptions({
    queryKey: ['staff-accounts'] as const,
    queryFn: ({ signal }) => getStaffAccounts({ signal }),
  });
}

export function useStaffAccounts() {
  return useQuery(staffAccountsQueryOptions());
}
