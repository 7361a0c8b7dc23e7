import type { Translation } from '../../lib/i18n';
import type { en } from './kiosk-i18n';

/** French strings of the self check-in kiosk (keys as in the English catalogue). */
export const fr: Translation<typeof en, '_many'> = {
  'kiosk.documentTitle': 'Enregistrement libre-service',
  'kiosk.welcomeTitle': 'Bienvenue',
  'kiosk.prompt': 'Présentez votre code QR à la caméra ou saisissez votre code unique.',
  'kiosk.code': 'Code unique',
  'kiosk.codePlaceholder': 'ex. ABCD2345',
  'kiosk.codeRequired': 'Saisissez votre code unique.',
  'kiosk.submit': 'M’enregistrer',
  'kiosk.working': 'Enregistrement…',
  'kiosk.welcome': 'Bienvenue, {name} !',
  'kiosk.checkedIn': 'Vous êtes enregistré(e).',
  'kiosk.badgePrinting': 'Votre badge est en cours d’impression.',
  'kiosk.welcomeBack': 'Bon retour, {name} !',
  'kiosk.alreadyIn': 'Vous êtes déjà enregistré(e).',
  'kiosk.savedUnchecked':
    'Merci. Votre enregistrement est gardé sur cet appareil et confirmé au retour du réseau.',
  'kiosk.notConfirmed': 'Votre participation n’est pas encore confirmée.',
  'kiosk.unknown': 'Ce code est introuvable.',
  'kiosk.tryAgain': 'Vérifiez le code et réessayez.',
  'kiosk.seeStaff': 'Adressez-vous à un membre de l’équipe.',
  'kiosk.resetIn': 'Cet écran se réinitialise dans {n} s.',
  'kiosk.done': 'Terminé',
  'kiosk.offline':
    'Hors ligne : les enregistrements sont gardés sur cet appareil et envoyés au retour du réseau.',
  'kiosk.eventNotFound': 'Événement introuvable',
  'kiosk.exit': 'Quitter le kiosque',
  'kiosk.exitTitle': 'Quitter le mode kiosque',
  'kiosk.exitText': 'Réservé à l’équipe : saisissez le code PIN choisi au démarrage du kiosque.',
  'kiosk.pin': 'Code PIN',
  'kiosk.wrongPin': 'Code PIN incorrect.',
  'kiosk.pinWait': 'Trop de codes PIN incorrects. Réessayez dans {n} s.',
  'kiosk.cancel': 'Annuler',
  'kiosk.unlock': 'Quitter',
  'kiosk.start': 'Mode kiosque',
  'kiosk.startTitle': 'Démarrer le mode kiosque',
  'kiosk.startText':
    'Cet écran devient un kiosque d’enregistrement libre-service pour {event} : les participants présentent leur code QR ou saisissent leur code unique et sont enregistrés à l’entrée. Rien d’autre ne peut y être ouvert tant que l’équipe n’a pas saisi le code PIN que vous choisissez maintenant.',
  'kiosk.newPin': 'Code PIN (4 à 8 chiffres)',
  'kiosk.repeatPin': 'Répétez le code PIN',
  'kiosk.pinFormat': 'Le code PIN doit compter 4 à 8 chiffres.',
  'kiosk.pinMismatch': 'Les deux codes PIN diffèrent.',
  'kiosk.begin': 'Démarrer le kiosque',
  'kiosk.insecure': 'Le mode kiosque demande une connexion sécurisée (https), comme la caméra.',
};
