import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMe } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/me/: the signed-in staff user or participant. */
export function getMe({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.me(), { schema: ZMe, signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['accounts', 'me'], queryFn: getMe });
}

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
