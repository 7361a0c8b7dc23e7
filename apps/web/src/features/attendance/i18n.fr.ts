import type { Translation } from '../../lib/i18n';
import type { en } from './i18n';

/** French strings of the participant's attendance screens (keys as in the English catalogue). */
export const fr: Translation<typeof en, '_many'> = {
  'status.confirmed': 'Présence confirmée',
  'status.pending': 'Présence en attente',

  'action.title': 'Action requise',
  'action.text':
    'Confirmez votre présence pour débloquer l’inscription aux sessions, la génération de votre code QR, l’accès à l’événement et l’éligibilité au paiement de la DSA.',
  'action.confirmNow': 'Confirmez votre présence maintenant',
  'action.tryAgain': 'Réessayer',
  'action.success': 'Présence confirmée avec succès !',

  'confirm.noUser': 'Données utilisateur introuvables. Veuillez vous reconnecter.',
  'confirm.invalidUser': 'Données utilisateur invalides. Veuillez vous reconnecter.',
  'confirm.noId': 'Les informations utilisateur sont manquantes. Veuillez vous reconnecter.',
  'confirm.missingCredentials': 'Identifiants obligatoires manquants. Veuillez vous reconnecter.',
  'confirm.failed': 'Échec de la confirmation de présence',
  'confirm.readySuccess': 'Présence confirmée avec succès ! Votre code QR est prêt.',

  'qr.title': 'Votre code QR',
  'qr.alt': 'Code QR : {name}',
  'qr.hint': 'Présentez ce code à l’entrée et à chaque session pour vous enregistrer.',
  'qr.loading': 'Chargement de votre code QR…',
  'qr.retry': 'Réessayer',
  'qr.sessionExpired': 'Votre session a expiré, veuillez vous reconnecter',
  'qr.notFound': 'Code QR introuvable. Veuillez confirmer de nouveau votre présence.',
  'qr.noResponse': 'Le serveur n’a pas répondu. Veuillez vérifier votre connexion Internet.',
  'qr.default': 'Impossible d’obtenir le code QR',
  'qr.urlMissing': 'Données du code QR invalides : l’URL est manquante',
  'qr.empty': 'Réponse vide reçue du serveur',
  'qr.couldNotLoad': 'Impossible de charger le code QR',
  'qr.couldNotLoadNotify': 'Impossible de charger le code QR : {error}',
  'qr.failedToLoad': 'Échec du chargement du code QR',
  'qr.failedToLoadNotify': 'Échec du chargement du code QR. Veuillez réessayer plus tard.',
  'qr.pendingHint': 'Votre code QR apparaîtra ici dès que vous aurez confirmé votre présence.',

  'event.welcome': 'Bienvenue, {name} !',
  'event.notFound': 'Événement introuvable',
  'event.returnToDashboard': 'Retour au tableau de bord',
  'event.loadFailed': 'Échec du chargement des détails de l’événement',
  'event.invalid': 'Données d’événement invalides reçues',
  'event.tryAgain': 'Réessayer',
  'event.dates': 'Dates',
  'event.times': 'Horaires',
  'event.location': 'Lieu',
  'event.about': 'À propos de l’événement',
  'event.noDescription': 'Aucune description fournie.',
  'event.notes': 'Notes de l’événement',
  'event.groupChat': 'Rejoignez le groupe de discussion de l’événement pour suivre les actualités',
  'event.supportDefault':
    'Pour obtenir de l’aide, adressez-vous à l’équipe d’organisation au bureau d’accueil.',
  'event.viewTag': 'Voir le badge',
  'event.viewSessions': 'Voir les sessions',
  'event.nextSteps': 'Votre pass pour l’événement',

  'dsa.progress': 'Sessions suivies aujourd’hui : {n} sur {required} pour la DSA',
  'dsa.eligible': 'Vous avez suivi suffisamment de sessions aujourd’hui pour la DSA.',

  'qrPage.documentTitle': 'Code QR',
  'qrPage.title': 'Votre code QR',
  'qrPage.startDate': 'Date de début',
  'qrPage.location': 'Lieu',
  'qrPage.confirm': 'Confirmer ma présence',
  'qrPage.eventFailed': 'Impossible de charger les détails de l’événement',
  'qrPage.notParticipant': 'Données utilisateur introuvables. Veuillez vous reconnecter.',

  'offline.kept': 'Vous êtes hors ligne. Ceci est la copie conservée sur cet appareil depuis {time}.',
  'offline.nothingKept':
    'Vous êtes hors ligne. Ouvrez cette page une fois en ligne pour en conserver une copie sur cet appareil.',
};
