import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZMailboxPage } from '@attend/shared';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const MAILBOX_PAGE_SIZE = 50;

export type MailboxParams = { page: number; recipient: string };

/** GET /api/mailbox/: the built-in dev mailbox, newest first, optionally for one recipient. */
export function getMailbox({ page, recipient }: MailboxParams, { signal }: { signal?: AbortSignal } = {}) {
  const query: Record<string, string | number> = { page, page_size: MAILBOX_PAGE_SIZE };
  if (recipient) query.recipient = recipient;
  return api(apiPaths.mailbox(query), { schema: ZMailboxPage, signal });
}

/** Without `params` the key covers every page and recipient (for a refresh). */
export function mailboxQueryOptions(params?: MailboxParams) {
  return queryOptions({
    queryKey: ['notifications', 'mailbox', ...(params ? [params] : [])] as const,
    queryFn: ({ signal }) => getMailbox(params ?? { page: 1, recipient: '' }, { signal }),
  });
}

export function useMailbox(params: MailboxParams) {
  return useQuery({ ...mailboxQueryOptions(params), placeholderData: keepPreviousData });
}
