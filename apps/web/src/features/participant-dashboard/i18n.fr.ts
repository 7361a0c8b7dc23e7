import type { Translation } from '../../lib/i18n';
import type { en } from './i18n';

/** French strings of the participant dashboard (keys as in the English catalogue). */
export const fr: Translation<typeof en, '_many'> = {
  title: 'Mon tableau de bord',
  welcome: 'Bienvenue, {name} !',
  upcoming: 'Événements à venir',
  confirmed: 'Confirmé',
  pending: 'En attente',
  emptyTitle: 'Aucun événement à venir',
  emptyText: 'Vous n’êtes encore inscrit à aucun événement.',
  loadFailed: 'Échec du chargement des événements',
  tryAgain: 'Réessayer',
};
