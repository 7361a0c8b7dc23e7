import type { en } from './i18n';

/** Swahili strings of the participant dashboard (keys as in the English catalogue). */
export const sw: Record<keyof typeof en, string> = {
  title: 'Dashibodi Yangu',
  welcome: 'Karibu, {name}!',
  upcoming: 'Matukio Yajayo',
  confirmed: 'Imethibitishwa',
  pending: 'Inasubiri',
  emptyTitle: 'Hakuna matukio yajayo',
  emptyText: 'Bado hujasajiliwa kwa tukio lolote.',
  loadFailed: 'Imeshindikana kupakia matukio',
  tryAgain: 'Jaribu Tena',
};
