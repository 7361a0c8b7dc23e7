import type { en, Translation } from './i18n';

/** French strings of the app shell: header, landing, sign-in and error pages (keys as in the English catalogue). */
export const fr: Translation<typeof en, '_many'> = {
  'app.name': 'Attend',
  'app.tagline': 'Des événements simplifiés. Des participants satisfaits.',
  'app.footer': '© {year} {name}. Tous droits réservés.',
  'app.loading': 'Chargement…',

  'nav.login': 'Connexion',
  'nav.logout': 'Déconnexion',
  'nav.signOutEverywhere': 'Se déconnecter partout',
  'nav.signOutEverywhereText':
    'Cela met fin à votre connexion sur tous les appareils et navigateurs, y compris celui-ci. Vous devrez vous reconnecter.',
  'nav.signOutEverywhereFailed': 'Impossible de vous déconnecter partout. Veuillez réessayer.',
  'nav.cancel': 'Annuler',
  'nav.home': 'Accueil',
  'nav.dashboard': 'Tableau de bord',
  'nav.events': 'Événements',
  'nav.checkIn': 'Poste d’enregistrement',
  'nav.staffAccess': 'Accès du personnel',
  'nav.mailbox': 'Boîte aux lettres',
  'nav.help': 'Aide',
  'nav.openMenu': 'Ouvrir le menu',
  'nav.menu': 'Menu',
  'nav.signedInAs': 'Connexion : {name}',
  'nav.main': 'Principal',
  'nav.offline': 'Hors ligne',
  'nav.sessions': 'Sessions',
  'nav.myQrCode': 'Mon code QR',
  'nav.myTag': 'Mon badge',
  'eventNav.label': 'Événement',
  'eventNav.overview': 'Vue d’ensemble',
  'eventNav.participants': 'Participants',
  'eventNav.sessions': 'Sessions',
  'eventNav.checkIn': 'Enregistrement',
  'eventNav.tagDesign': 'Design du badge',
  'eventNav.messages': 'Messages',
  'eventNav.activity': 'Activité',
  'language.label': 'Langue',

  'landing.heroTitle': 'Des événements simplifiés. Des participants satisfaits.',
  'landing.heroText':
    'Attend accompagne votre événement de l’inscription jusqu’à l’entrée : invitez les participants, confirmez leur présence, remettez les badges avec code QR et enregistrez les arrivées en quelques secondes.',
  'landing.getStarted': 'Commencer',
  'landing.getStartedNow': 'Commencer maintenant',
  'landing.scrollHint': 'Faites défiler pour découvrir',
  'landing.stepsLabel': 'Comment ça marche',
  'landing.step.register': 'S’inscrire',
  'landing.step.check': 'Vérifier',
  'landing.step.go': 'C’est parti !',
  'landing.step.registerText':
    'Les participants se connectent avec le code de l’événement et confirment leur présence.',
  'landing.step.checkText': 'Le personnel scanne le code QR à l’entrée et à chaque session.',
  'landing.step.goText': 'Tout le monde est là, à l’heure, et la présence est enregistrée.',
  'landing.featuresTitle': 'Tout ce dont votre événement a besoin',
  'landing.feature.create.title': 'Créer des événements',
  'landing.feature.create.text':
    'Configurez événements, sessions et sous-sessions en quelques minutes, avec des limites de capacité et un badge conçu pour votre événement.',
  'landing.feature.manage.title': 'Gérer les participants',
  'landing.feature.manage.text':
    'Importez les participants depuis un tableur, envoyez les identifiants de connexion par e-mail et SMS, et suivez les confirmations en direct.',
  'landing.feature.checkin.title': 'Simplifier les enregistrements',
  'landing.feature.checkin.text':
    'Scannez les codes QR à l’entrée, entièrement depuis un mobile. Le mode hors ligne maintient l’enregistrement quand le réseau du site tombe, et synchronise au retour de la connexion.',
  'landing.impactTitle': 'Impact de la plateforme',
  'landing.impact.events': 'Événements créés',
  'landing.impact.attendees': 'Participants gérés',
  'landing.impact.rate': 'Taux de réussite des enregistrements',
  'landing.impact.unavailable': 'Les chiffres en direct ne sont pas disponibles pour le moment.',
  'landing.ctaTitle': 'Prêt pour votre prochain événement ?',
  'landing.ctaText':
    'Connectez-vous avec le code de votre événement, ou en tant que membre du personnel, et lancez-vous.',

  'login.title': 'Connexion',
  'login.subtitle': 'Choisissez votre mode de connexion.',
  'login.tab.participant': 'Participant',
  'login.tab.user': 'Utilisateur',
  'login.participantCode': 'Code participant',
  'login.participantCodePlaceholder': 'ex. KGM24A',
  'login.participantCodeHint':
    'Le « Code de l’événement » de votre e-mail ou SMS de connexion (6 caractères), ex. KGM24A',
  'login.uniqueCode': 'Code unique',
  'login.uniqueCodePlaceholder': 'Votre code personnel',
  'login.uniqueCodeHint': 'Le « Code unique » du même e-mail ou SMS (8 caractères), ex. ABCD2345',
  'login.username': 'Nom d’utilisateur',
  'login.password': 'Mot de passe',
  'login.submit': 'Se connecter',
  'login.switchToUser':
    'Membre du personnel ? Connectez-vous avec votre nom d’utilisateur et votre mot de passe',
  'login.switchToParticipant':
    'Participant ? Connectez-vous avec le code de l’événement et votre code unique',
  'login.backHome': 'Retour à l’accueil',
  'login.checkingBrowser': 'Vérification de votre navigateur…',
  'login.error.bothCodes': 'Veuillez saisir le code participant et le code unique',
  'login.error.invalidCodes': 'Code de l’événement ou code unique incorrect',
  'login.error.notFound': 'Service de connexion introuvable. Veuillez contacter l’assistance.',
  'login.error.thrown': 'Une erreur s’est produite lors de la connexion. Veuillez réessayer.',
  'login.error.default': 'Échec de la connexion',
  'login.error.staffDefault': 'Échec de la connexion. Veuillez réessayer.',

  'staffLogin.title': 'Portail du personnel',
  'staffLogin.subtitle': 'Connectez-vous pour gérer les événements, les participants et les enregistrements.',
  'staffLogin.submit': 'Se connecter',
  'staffLogin.backHome': 'Retour à l’accueil',
  'staffLogin.error.invalid': 'Nom d’utilisateur ou mot de passe incorrect.',
  'staffLogin.error.network': 'Erreur réseau. Veuillez vérifier votre connexion Internet.',
  'staffLogin.error.invalidResponse': 'Réponse du serveur invalide.',
  'staffLogin.error.default': 'Échec de la connexion. Veuillez vérifier vos identifiants.',

  'autoLogin.signingIn': 'Connexion en cours…',
  'autoLogin.invalidLink': 'Lien de connexion invalide. Veuillez réessayer.',
  'autoLogin.success': 'Connexion réussie !',
  'autoLogin.failed': 'Échec de la connexion. Veuillez réessayer.',

  'notFound.title': 'Page introuvable',
  'notFound.text': 'La page que vous recherchez n’existe pas ou a été déplacée.',
  'notFound.goHome': 'Aller à l’accueil',
  'error.title': 'Une erreur est survenue',
  'error.text': 'Une erreur inattendue s’est produite. Actualisez la page ou revenez à la page d’accueil.',
  'error.refresh': 'Actualiser la page',
  'error.goHome': 'Aller à l’accueil',

  'staffHome.title': 'Tableau de bord',
  'staffHome.welcome': 'Bienvenue, {name} !',
  'staffHome.text': 'Gérez vos événements, participants et enregistrements depuis cette page.',
  'staffHome.recent': 'Vos événements récents apparaîtront ici.',

  'participantEvent.welcome': 'Bienvenue, {name} !',
  'participantEvent.eventLabel': 'Votre événement',
  'participantEvent.confirmed': 'Présence confirmée',
  'participantEvent.pending': 'Présence en attente',
  'participantEvent.notFound': 'Événement introuvable',
  'participantEvent.returnToDashboard': 'Retour au tableau de bord',

  'notify.close': 'Fermer',

  // Issue 28: the DSA report in the event's navigation
  'eventNav.dsaReport': 'Rapport DSA',
  'eventNav.certificates': 'Certificats',

  'event.standardNotes_one':
    'L’indemnité journalière de subsistance (DSA) n’est versée que si vous vous inscrivez à {count} session par jour et y assistez. Vous devez confirmer votre présence, sinon vous ne pourrez pas entrer. En arrivant en retard, vous risquez de perdre votre place.',
  'event.standardNotes_many':
    'L’indemnité journalière de subsistance (DSA) n’est versée que si vous vous inscrivez à {count} sessions par jour et y assistez. Vous devez confirmer votre présence, sinon vous ne pourrez pas entrer. En arrivant en retard, vous risquez de perdre votre place.',
  'event.standardNotes_other':
    'L’indemnité journalière de subsistance (DSA) n’est versée que si vous vous inscrivez à {count} sessions par jour et y assistez. Vous devez confirmer votre présence, sinon vous ne pourrez pas entrer. En arrivant en retard, vous risquez de perdre votre place.',
};
