import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { later } from '../../../lib/schemas';

/** GET /api/accounts/me/: the signed-in staff user or participant. */
export function getMe({ signal }: { signal?: AbortSignal } = {}) {
  return api(apiPaths.me(), { schema: later('ZMe'), signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['accounts', 'me'], queryFn: getMe });
}

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
