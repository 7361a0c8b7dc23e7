import type { Translation } from '../../lib/i18n';
import type { en } from './i18n';

/** French strings of the staff home page (keys as in the English catalogue). */
export const fr: Translation<typeof en, '_many'> = {
  loadFailed: 'Échec du chargement des données du tableau de bord. Veuillez actualiser la page.',
  refresh: 'Actualiser',

  'stats.title': 'Vue d’ensemble',
  'stats.events': 'Total des événements',
  'stats.eventsDetail_one': '{count} en cours · {upcoming} à venir',
  'stats.eventsDetail_many': '{count} en cours · {upcoming} à venir',
  'stats.eventsDetail_other': '{count} en cours · {upcoming} à venir',
  'stats.participants': 'Participants',
  'stats.participantsDetail_one': '{count} confirmé',
  'stats.participantsDetail_many': '{count} confirmés',
  'stats.participantsDetail_other': '{count} confirmés',
  'stats.checkIns': 'Enregistrements',
  'stats.checkInsDetail': 'Taux de présence : {rate} %',
  'stats.failed': 'E-mails en échec',
  'stats.failedDetail_one': '{count} prêt à être renvoyé',
  'stats.failedDetail_many': '{count} prêts à être renvoyés',
  'stats.failedDetail_other': '{count} prêts à être renvoyés',
  'stats.failedDetailSms_one': '{count} prêt à être renvoyé · SMS en échec : {sms}',
  'stats.failedDetailSms_many': '{count} prêts à être renvoyés · SMS en échec : {sms}',
  'stats.failedDetailSms_other': '{count} prêts à être renvoyés · SMS en échec : {sms}',
  'stats.unavailable': '—',
  retryNow: 'Renvoyer maintenant',
  forceRetry: 'Forcer le renvoi de tous les échecs',
  forceRetryText:
    'Renvoyer dès maintenant tous les e-mails et SMS en échec, y compris ceux qui ont épuisé leurs tentatives.',
  forceRetryNothing: 'Aucun envoi en échec : il n’y a rien à renvoyer.',

  quickActions: 'Actions rapides',
  'qa.events': 'Gérer les événements',
  'qa.eventsText': 'Créez des événements et accédez à leurs sessions et à leurs participants.',
  'qa.participants': 'Gérer les participants',
  'qa.participantsText':
    'Choisissez un événement pour ajouter, importer, notifier et confirmer ses participants.',
  'qa.checkIn': 'Enregistrer les participants',
  'qa.checkInText': 'Choisissez un événement et scannez les codes QR ou saisissez les codes uniques.',
  'qa.mailbox': 'Boîte aux lettres',
  'qa.mailboxText':
    'Lisez les e-mails et SMS conservés par la boîte aux lettres intégrée lorsqu’aucun serveur SMTP n’est configuré.',
  'qa.staff': 'Accès du personnel',
  'qa.staffText': 'Attribuez au personnel le rôle de scanneur pour les événements choisis.',

  'summary.title': 'Récapitulatif des e-mails en échec',
  'summary.pending': 'En attente',
  'summary.retryScheduled': 'Renvoi programmé',
  'summary.failedPermanently': 'Échec définitif',
  'summary.readyToRetry': 'Prêts à être renvoyés',
  'summary.next': 'Prochains renvois programmés',
  'summary.nextAt': 'le {when}',
  'summary.more': 'et {n} de plus',

  'charts.activity': 'Confirmations et enregistrements',
  'charts.activityText': 'Par jour sur les 14 derniers jours (UTC).',
  'charts.confirmations': 'Confirmations',
  'charts.checkIns': 'Enregistrements',
  'charts.activitySummary': '{c} confirmations et {k} enregistrements au cours des 14 derniers jours.',
  'charts.activityEmpty': 'Aucune confirmation ni aucun enregistrement au cours des 14 derniers jours.',
  'charts.messages': 'Messages par statut',
  'charts.messagesText': 'Tous les e-mails et SMS mis en file d’attente par l’application.',
  'charts.messagesSeries': 'Messages',
  'charts.messagesEmpty': 'Aucun message pour le moment.',
  'charts.messageCount': '{status} : {n}',

  'recent.title': 'Événements récents',
  'recent.starts': 'Début le {when}',
  'recent.participants': 'Participants',
  'recent.confirmed': 'Confirmés',
  'recent.checkedIn': 'Enregistrés',
};
