import type { messages } from './messages';

/** French sentences of the shared `messages` catalogue (keys as in the English catalogue). */
export const fr: Record<keyof typeof messages, string> = {
  // Sign-in
  invalidStaffCredentials: 'Nom d’utilisateur ou mot de passe incorrect.',
  invalidParticipantCredentials: 'Code de l’événement ou code unique incorrect',
  bothCodesRequired: 'Veuillez saisir le code participant et le code unique',
  invalidLoginLink: 'Lien de connexion invalide. Veuillez réessayer.',
  loginLinkExpired: 'Ce lien de connexion est invalide ou a expiré.',
  oneClickFailed:
    'La connexion en un clic a échoué. Veuillez vous connecter avec le code de l’événement et votre code unique.',
  challengeRequired: 'Vérification de votre navigateur…',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  notAuthenticated: 'Les informations d’authentification n’ont pas été fournies.',
  invalidToken: 'Le jeton fourni n’est valide pour aucun type de jeton',
  staffOnly: 'Vous n’avez pas l’autorisation d’effectuer cette action.',
  participantOnly: 'Cette action est réservée aux participants.',
  refreshInvalid: 'Le jeton est invalide ou a expiré',
  sessionEnded: 'Cette connexion a pris fin. Veuillez vous reconnecter.',
  signedOutEverywhere: 'Déconnecté partout.',
  calendarLinkInvalid:
    'Ce lien de calendrier n’est plus valide. Copiez le nouveau depuis votre page des sessions.',
  eventEnded: 'Cet événement est terminé : il n’est plus possible de créer des liens de connexion.',
  // Events
  eventNameRequired: 'Le nom de l’événement est obligatoire',
  startDateRequired: 'La date de début est obligatoire',
  endDateRequired: 'La date de fin est obligatoire',
  startDateAfterEndDate: 'La date de début ne peut pas être postérieure à la date de fin',
  locationRequired: 'Le lieu est obligatoire',
  invalidEventDate:
    'Format de date invalide. Veuillez saisir une date et une heure, par exemple 2025-01-31T09:00.',
  invalidTimeZone: 'Choisissez un fuseau horaire dans la liste, par exemple Africa/Nairobi (un nom IANA).',
  invalidCountry: 'Choisissez un pays dans la liste, par exemple KE (Kenya), ou aucun.',
  phoneInvalid:
    'Le numéro {phone} n’est pas un numéro de téléphone valide : saisissez-le avec son indicatif pays, par exemple +254712345678.',
  phoneInvalidInCountry:
    'Le numéro {phone} n’est pas un numéro de téléphone valide : saisissez-le tel qu’on le compose dans le pays de l’événement ({country}) ou avec son indicatif pays, par exemple +254712345678.',
  uploadPhoneLeftOut:
    'Le numéro {phone} n’est pas un numéro de téléphone valide ; la ligne a été importée sans lui.',
  invalidColour: 'Saisissez une couleur, par exemple #1EB53A',
  tagBorderRadius: 'L’arrondi des coins doit être compris entre 0 et 24 px',
  logoFileRequired: 'Veuillez sélectionner une image de logo à importer',
  logoTooLarge: 'Le logo ne doit pas dépasser 1 Mo',
  logoWrongType: 'Le logo doit être une image PNG, JPEG ou WebP',
  logoSvgRefused: 'Les logos SVG ne sont pas acceptés : importez une image PNG, JPEG ou WebP',
  logoTooManyPixels: 'Le logo ne doit pas dépasser 4000 × 4000 pixels',
  logoDamaged: 'L’image du logo est endommagée ou incomplète',
  logoDataTooLarge:
    'Le logo contient plus de données d’image que sa taille en pixels ne le permet : enregistrez-le à nouveau en PNG, JPEG ou WebP et importez ce fichier',
  logoNotFound: 'Logo introuvable',
  tagBorderRadiusPx: 'L’arrondi des coins doit être compris entre 0px et 24px, écrit comme « 12px »',
  tagNameSize: 'La taille du nom doit être un nombre entier de pixels de 16 à 48',
  tagOrganizationSize: 'La taille de l’organisation doit être un nombre entier de pixels de 10 à 24',
  tagImageUrl:
    'L’URL de l’image doit être celle d’une image importée pour cet événement (POST /api/events/{id}/image/), ou null ; les autres adresses ne sont pas acceptées',
  tagColourTwice: '{field} dans tag_design et {column} diffèrent : n’envoyez que l’un des deux',
  imageFileRequired: 'Veuillez sélectionner une image à importer',
  imageTooLarge: 'L’image de l’événement ne doit pas dépasser 1 Mo',
  imageWrongType: 'L’image de l’événement doit être une image PNG, JPEG ou WebP',
  imageSvgRefused: 'Les images SVG ne sont pas acceptées : importez une image PNG, JPEG ou WebP',
  imageTooManyPixels: 'L’image de l’événement ne doit pas dépasser 4000 × 4000 pixels',
  imageDamaged: 'L’image de l’événement est endommagée ou incomplète',
  imageDataTooLarge:
    'L’image de l’événement contient plus de données d’image que sa taille en pixels ne le permet : enregistrez-la à nouveau en PNG, JPEG ou WebP et importez ce fichier',
  imageNotFound: 'Image introuvable',
  // Sessions
  missingRequiredFields: 'Champs obligatoires manquants : {fields}',
  invalidSessionDate: 'Format de date invalide. Veuillez vérifier les heures de début et de fin.',
  endTimeNotAfterStart: 'L’heure de fin doit être postérieure à l’heure de début',
  sessionNameRequired: 'Le nom de la session est obligatoire',
  startTimeRequired: 'L’heure de début est obligatoire',
  endTimeRequired: 'L’heure de fin est obligatoire',
  startTimeAfterEndTime: 'L’heure de début ne peut pas être postérieure à l’heure de fin',
  startTimeInPast: 'L’heure de début ne peut pas être dans le passé',
  maxParticipantsInvalid:
    'Le nombre maximal de participants doit être un nombre entier, 0 ou plus (0 signifie illimité).',
  sessionNotFound: 'Session introuvable',
  parentSessionNotFound: 'Session parente introuvable',
  subSessionNeedsParent: 'Une sous-session doit avoir une session parente.',
  nestedSubSession: 'Une sous-session ne peut pas avoir ses propres sous-sessions.',
  subSessionOutsideParent:
    'Les horaires des sous-sessions doivent être compris dans ceux de la session parente ({start} - {end}).',
  subSessionsOutsideWindow:
    'Les sous-sessions de cette session doivent rester comprises entre ses heures de début et de fin.',
  sessionOutsideEvent:
    'Les horaires de la session doivent être compris dans ceux de l’événement ({start} - {end}).',
  eventMismatch: 'L’événement de la requête ne correspond pas à celui de l’URL.',
  createSessionForbidden: 'Vous n’avez pas l’autorisation de créer des sessions.',
  adminRequired: 'Autorisation refusée. Accès administrateur requis.',
  subSessionFieldsRequired: 'Veuillez remplir tous les champs obligatoires de chaque sous-session',
  subSessionCountMin: 'Le nombre de sous-sessions doit être d’au moins 2',
  subSessionCountMax: 'Le nombre de sous-sessions ne peut pas dépasser {max}',
  customCapacityRange: 'Chaque capacité personnalisée doit être un nombre entier compris entre 0 et {max}',
  customCapacityCount: 'Indiquez une capacité pour chaque sous-session ({count})',
  exceedsParentCapacity: 'Dépasse la capacité de la session parente !',
  sequentialTooShort: 'La session est trop courte pour être divisée en {count} sous-sessions successives.',
  alreadyHasSubSessions: 'Cette session a déjà des sous-sessions.',
  subSessionsCreated: '{count} sous-sessions créées avec succès',
  // Session registration
  confirmAttendanceFirst:
    'Veuillez confirmer votre présence à l’événement avant de vous inscrire aux sessions',
  sessionFull: 'Cette session est complète. Il ne reste plus de places.',
  sessionNotOpen: 'Les inscriptions à cette session ne sont pas ouvertes.',
  registerForSubSession:
    'Cette session est divisée en sous-sessions. Veuillez plutôt vous inscrire à l’une de ses sous-sessions.',
  registerSelfOnly: 'Vous ne pouvez modifier que vos propres inscriptions aux sessions.',
  alreadyRegistered: 'Vous êtes déjà inscrit à cette session.',
  notRegistered: 'Vous n’êtes pas inscrit à cette session.',
  registeredForSession: 'Inscription à la session réussie',
  unregisteredFromSession: 'Désinscription de la session réussie',
  timeConflict:
    'Impossible de s’inscrire à « {session} » : cette session chevauche « {other} » ({start} - {end}), à laquelle vous êtes déjà inscrit.',
  sameSessionGroup: '{name} (même groupe de sessions)',
  // Waiting lists (issue 32)
  waitlistSessionNotFull: 'Cette session a encore des places : inscrivez-vous directement.',
  waitlistJoined: 'Vous êtes sur la liste d’attente de cette session.',
  waitlistAlreadyJoined: 'Vous êtes déjà sur la liste d’attente de cette session.',
  waitlistLeft: 'Vous avez quitté la liste d’attente de cette session.',
  notOnWaitlist: 'Ce participant n’est pas sur la liste d’attente de cette session.',
  waitlistRemoved: '{name} a été retiré(e) de la liste d’attente.',
  waitlistPromoted: '{name} a été inscrit(e) depuis la liste d’attente.',
  waitlistPromoteFull:
    'Cette session est complète : libérez une place ou augmentez sa capacité avant d’inscrire quelqu’un.',
  waitlistNotConfirmed: '{name} n’a pas confirmé sa présence et ne peut donc pas être inscrit(e).',
  // Participants
  fullNameRequired: 'Le nom complet est obligatoire',
  emailRequired: 'L’e-mail est obligatoire',
  invalidEmail: 'Veuillez saisir une adresse e-mail valide',
  invalidUsername: 'Le nom d’utilisateur ne peut contenir que des lettres, des chiffres et @ . + - _',
  participantEmailExists: 'Un participant avec cette adresse e-mail existe déjà pour cet événement.',
  participantUsernameExists: 'Un participant avec ce nom d’utilisateur existe déjà pour cet événement.',
  participantProtectedFields:
    'Le nom d’utilisateur et le code unique sont protégés et ne peuvent pas être modifiés.',
  participantCreated: 'Participant créé avec succès. Son code unique est : {code}',
  participantUpdated: 'Participant mis à jour avec succès ! Nom d’utilisateur et code QR conservés.',
  participantDeleted: 'Participant supprimé avec succès',
  participantsChanged: 'La liste des participants a été modifiée en même temps. Veuillez réessayer.',
  // Bulk upload
  uploadFileRequired: 'Veuillez sélectionner un fichier à importer',
  uploadWrongType: 'Seuls les fichiers .xlsx et .xls sont acceptés.',
  uploadNotWorkbook: 'Le fichier n’est pas un classeur Excel valide (.xlsx ou .xls).',
  uploadTooLarge: 'Le fichier est trop volumineux. La taille maximale est de {mb} Mo.',
  uploadBusy: 'D’autres importations sont en cours. Veuillez réessayer dans quelques secondes.',
  uploadTooManyRows:
    'Le fichier contient plus de {max} lignes de participants. Veuillez le diviser en fichiers plus petits.',
  uploadUnsafeArchive:
    'Le fichier n’est pas un classeur Excel valide : son contenu compressé est trop volumineux ou comporte trop de parties.',
  uploadTooManyColumns: 'La ligne d’en-tête comporte plus de {max} colonnes.',
  uploadMissingColumns:
    'La première ligne doit contenir les en-têtes de colonnes. Colonnes obligatoires manquantes : {columns}.',
  uploadForbiddenHeader: 'L’en-tête de colonne « {header} » n’est pas autorisé.',
  uploadDuplicateHeader: 'La colonne « {header} » apparaît plus d’une fois dans la ligne d’en-tête.',
  uploadNoRows: 'Le fichier ne contient aucune ligne de participant sous la ligne d’en-tête.',
  uploadDuplicateInFile:
    'Cette adresse e-mail apparaît plus d’une fois dans le fichier (d’abord à la ligne {row}).',
  uploadBadLanguage:
    'Langue inconnue « {value} ». Utilisez en, fr ou sw (ou English, French, Français, Swahili, Kiswahili), ou laissez vide pour l’anglais.',
  uploadSuccess: 'Import groupé réussi. Participants créés : {created}, mis à jour : {updated}.',
  uploadWithIssues:
    'Import groupé terminé avec quelques problèmes. Créés : {created}, mis à jour : {updated}, erreurs : {errors}. Consultez le fichier téléchargé pour plus de détails.',
  uploadResultsNotFound: 'Le fichier de résultats est introuvable ou a expiré.',
  uploadRowChanged:
    'Quelqu’un d’autre a ajouté, modifié ou supprimé ce participant pendant l’importation du fichier. Importez de nouveau cette ligne.',
  uploadPreviewStale:
    'Les participants ou le fichier ont changé depuis l’aperçu. Vérifiez le nouvel aperçu et choisissez de nouveau.',
  templateSheetNotes: 'Notes',
  templateColumn: 'Colonne',
  templateRequired: 'Obligatoire',
  templateNotes: 'Remarques',
  templateYes: 'Oui',
  templateNo: 'Non',
  templateNoteGeneral:
    'La première ligne contient les en-têtes : gardez-les tels quels. Un participant par ligne : remplacez la ligne d’exemple. .xlsx ou .xls, jusqu’à {mb} Mo et {rows} lignes.',
  templateNoteFullName: 'Le nom complet du participant, jusqu’à 200 caractères.',
  templateNoteEmail:
    'Une adresse e-mail valide, une seule fois par fichier. Une ligne dont l’e-mail appartient déjà à un participant de l’événement peut mettre à jour ce participant : l’aperçu montre chaque modification avant tout enregistrement.',
  templateNoteUsername:
    'Lettres, chiffres et . @ + _ - (jusqu’à 150 caractères). Laissez vide pour le générer à partir de l’e-mail. Jamais modifié pour un participant existant.',
  templateNotePhone:
    'Format international (+254712345678) ou local (0712 345 678), jusqu’à 50 caractères. Vide : le téléphone d’un participant existant est conservé.',
  templateNoteOrganization:
    'Jusqu’à 200 caractères. Vide : l’organisation d’un participant existant est conservée.',
  templateNoteJobTitle: 'Jusqu’à 200 caractères. Vide : la fonction d’un participant existant est conservée.',
  templateNoteLanguage:
    'en, fr ou sw (ou English, French, Français, Swahili, Kiswahili) : la langue des écrans et des messages du participant. Vide : anglais pour un nouveau participant, inchangée pour un participant existant.',
  uploadInProgress:
    'Un autre import pour cet événement est encore en cours. Veuillez réessayer dans quelques minutes.',
  // Attendance and QR
  attendanceConfirmed: 'Présence confirmée avec succès',
  attendanceAlreadyConfirmed: 'La présence du participant est déjà confirmée',
  selfAttendanceConfirmed: 'Présence confirmée avec succès ! Votre code QR est prêt.',
  selectParticipantsToConfirm: 'Veuillez sélectionner les participants à confirmer',
  bulkConfirmDone:
    'Confirmation groupée terminée. Nouvelles confirmations : {confirmed}, déjà confirmés : {already}, erreurs : {errors}',
  confirmationIrreversible: 'La confirmation de présence ne peut pas être annulée.',
  confirmOwnOnly: 'Vous ne pouvez confirmer que votre propre présence.',
  userInfoMissing: 'Les informations utilisateur sont manquantes. Veuillez vous reconnecter.',
  missingCredentials: 'Identifiants obligatoires manquants. Veuillez vous reconnecter.',
  qrNotFound: 'Code QR introuvable. Veuillez confirmer de nouveau votre présence.',
  qrNotAvailable: 'Code QR indisponible. Le participant n’a pas encore confirmé sa présence.',
  // Check-in
  checkedIn: '{name} enregistré avec succès !',
  checkInFailed: 'Échec de l’enregistrement du participant',
  attendanceLoadFailed: 'Échec du chargement des enregistrements de présence',
  alreadyCheckedIn: '{name} est déjà enregistré ({when}, par {by}).',
  notConfirmedForCheckIn: '{name} n’a pas confirmé sa présence.',
  notRegisteredForSession: '{name} n’est pas inscrit à {session}.',
  invalidCheckInCode: 'Ce n’est pas un code d’enregistrement.',
  damagedCheckInCode: 'Ce code QR est endommagé ou incomplet. Scannez-le de nouveau.',
  checkInNonceReused: 'Ce client_nonce a déjà été utilisé pour un autre enregistrement.',
  forgedCheckInCode: 'Ce code QR n’est pas valide : sa signature ne correspond pas.',
  otherEventCheckInCode: 'Ce code QR appartient à un autre événement.',
  unknownCheckInCode: 'Aucun participant de cet événement n’a ce code.',
  checkInCodeOrParticipant:
    'Envoyez soit un code (qr_code_data), soit l’identifiant d’un participant (participant), pas les deux.',
  checkInEventInactive: 'Cet événement n’est pas actif : l’enregistrement est fermé.',
  checkInSessionNotFound: 'Cette session n’appartient pas à cet événement.',
  checkInSessionInactive: 'Cette session n’est pas active : l’enregistrement est fermé.',
  scanOutsideEvent:
    'Ce scan ({when}) est en dehors de l’événement, qui se tient du {start} au {end} : les scans sont acceptés de la veille du début au lendemain de la fin.',
  checkInNotFound: 'Enregistrement introuvable.',
  scannerEventsOnly: 'Vous ne pouvez enregistrer des personnes qu’aux événements qui vous ont été attribués.',
  staffAccountNotFound: 'Membre du personnel introuvable.',
  ownRoleUnchangeable: 'Vous ne pouvez pas modifier votre propre rôle.',
  // Staff accounts
  staffUsernameTaken: 'Un compte du personnel avec ce nom d’utilisateur existe déjà.',
  scannerNeedsEvents: 'Un scanneur a besoin d’au moins un événement.',
  unknownEventIds: 'Identifiants d’événement inconnus : {ids}.',
  ownAccountDisable: 'Vous ne pouvez pas désactiver votre propre compte.',
  ownAccountRemove: 'Vous ne pouvez pas supprimer votre propre compte.',
  ownPasswordReset: 'Vous ne pouvez pas réinitialiser votre propre mot de passe ici.',
  lastActiveAdmin: 'Au moins un compte administrateur activé doit rester.',
  passwordTooShort: 'Le mot de passe doit comporter au moins 8 caractères.',
  passwordTooLong: 'Le mot de passe doit comporter au plus 256 caractères.',
  passwordIsUsername: 'Le mot de passe ne doit pas être identique au nom d’utilisateur.',
  inviteInvalid:
    'Ce lien d’invitation n’est pas valide. Vérifiez que vous avez ouvert le lien en entier, ou demandez-en un nouveau à un administrateur.',
  inviteUsed:
    'Cette invitation a déjà été utilisée. Connectez-vous avec le mot de passe que vous avez choisi.',
  inviteExpired: 'Cette invitation a expiré. Demandez-en une nouvelle à un administrateur.',
  accountDisabled: 'Ce compte a été désactivé. Adressez-vous à un administrateur.',
  // Notifications
  notificationsSent: 'Notifications envoyées. Réussites : {success}, erreurs : {errors}',
  notificationsFailed: 'Échec de l’envoi des notifications',
  loginDetailsSent: 'Identifiants de connexion envoyés avec succès',
  loginDetailsFailed: 'Échec de l’envoi des identifiants de connexion',
  notifyNoEmail: 'Ce participant n’a pas d’adresse e-mail valide.',
  notifyNoPhone: 'Ce participant n’a pas de numéro de téléphone.',
  notifyBadPhone: 'SMS non envoyé : le numéro {phone} n’est pas un numéro de téléphone valide.',
  retriedMessages: 'Messages renvoyés : {retried}. Envoyés : {successful}, en échec : {failed}.',
  messageNotFound: 'Message introuvable.',
  // Generic
  notFound: 'Introuvable.',
  unexpected: 'Une erreur inattendue s’est produite.',
  validationFailed: 'Veuillez vérifier le formulaire et réessayer.',
  participantNotFound: 'Participant introuvable.',
  eventNotFound: 'Événement introuvable',
  // Walk-ins and badges at the door (issue 28)
  walkInEmailExists:
    '{name} est déjà participant de cet événement avec cette adresse e-mail : recherchez cette personne par nom ou par code et enregistrez-la au lieu d’ajouter un participant sur place.',
  walkInsAdminsOnly: 'Seuls les administrateurs peuvent ajouter des participants sur place à cet événement.',
  // Annuler une confirmation
  undoReasonRequired: 'Veuillez indiquer pourquoi vous annulez cette confirmation.',
  undoReasonTooLong: 'La raison ne peut pas dépasser 500 caractères.',
  confirmationUndone: 'Confirmation annulée. {name} est de nouveau en attente.',
  nothingToUndo: '{name} n’a pas confirmé sa présence : il n’y a pas de confirmation à annuler.',
  undoAfterCheckIn:
    '{name} a déjà été enregistré(e) : sa confirmation ne peut plus être annulée. Annulez d’abord l’enregistrement s’il s’agit d’une erreur.',
  // Certificates of attendance (issue 33)
  certificateRulesUnknownField: 'Règle de certificat inconnue : {keys}',
  certificateDoorRule: 'La règle d’enregistrement à l’entrée doit être any_day, every_day ou null',
  certificateMinSessions: 'Le minimum de sessions doit être un nombre entier de 1 à 1000, ou null',
  certificateMinDsaDays: 'Le minimum de jours DSA doit être un nombre entier de 1 à 366, ou null',
  certificateDesignUnknownField: 'Champ de conception de certificat inconnu : {keys}',
  certificateTitleLength: 'Le titre du certificat doit compter de 1 à 120 caractères, sur une ligne',
  certificateSignatoryLength:
    'Le nom et la fonction du signataire doivent compter au plus 120 caractères chacun, sur une ligne',
  certificateDesignFlag: '{field} doit valoir true ou false',
  certificateNoteRequired:
    'Écrivez une note expliquant pourquoi ce certificat est délivré manuellement (500 caractères au plus)',
  certificateNotFound: 'Certificat introuvable',
  certificateAlreadyIssued: 'Ce participant a déjà un certificat',
  certificateAlreadyWithdrawn: 'Ce certificat a déjà été retiré',
  certificateNotYetIssued: 'Aucun certificat ne vous a encore été délivré',
  certificatesNoneIssued: 'Aucun certificat n’a encore été délivré pour cet événement',
  signatureFileRequired: 'Veuillez sélectionner une image de signature à importer',
  signatureTooLarge: 'L’image de signature ne doit pas dépasser 1 Mo',
  signatureWrongType: 'L’image de signature doit être une image PNG, JPEG ou WebP',
  signatureSvgRefused: 'Les images SVG ne sont pas acceptées : importez une image PNG, JPEG ou WebP',
  signatureTooManyPixels: 'L’image de signature ne doit pas dépasser 4000 × 4000 pixels',
  signatureDamaged: 'L’image de signature est endommagée ou incomplète',
  signatureDataTooLarge:
    'L’image de signature contient plus de données d’image que sa taille en pixels ne le permet : enregistrez-la à nouveau en PNG, JPEG ou WebP et importez ce fichier',
  signatureNotFound: 'Image de signature introuvable',
};
