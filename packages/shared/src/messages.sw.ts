import type { messages } from './messages';

/** Swahili sentences the API and the web app share (keys as in the English catalogue). */
export const sw: Record<keyof typeof messages, string> = {
  // Sign-in
  invalidStaffCredentials: 'Jina la mtumiaji au nenosiri si sahihi.',
  invalidParticipantCredentials: 'Msimbo wa tukio au msimbo wa kipekee si sahihi',
  bothCodesRequired: 'Tafadhali weka msimbo wa mshiriki na msimbo wa kipekee',
  invalidLoginLink: 'Kiungo cha kuingia si sahihi. Tafadhali jaribu tena.',
  loginLinkExpired: 'Kiungo hiki cha kuingia si sahihi au muda wake umeisha.',
  oneClickFailed:
    'Kuingia kwa mbofyo mmoja kumeshindikana. Tafadhali jaribu kutumia msimbo wa tukio na msimbo wako wa kipekee.',
  challengeRequired: 'Tunakagua kivinjari chako…',
  sessionExpired: 'Muda wako wa kuingia umeisha. Tafadhali ingia tena.',
  notAuthenticated: 'Vitambulisho vya uthibitishaji havikutolewa.',
  invalidToken: 'Tokeni iliyotolewa si halali kwa aina yoyote ya tokeni',
  staffOnly: 'Huna ruhusa ya kufanya kitendo hiki.',
  participantOnly: 'Kitendo hiki kinapatikana kwa washiriki tu.',
  refreshInvalid: 'Tokeni si halali au muda wake umeisha',
  sessionEnded: 'Muda huu wa kuingia umeisha. Tafadhali ingia tena.',
  signedOutEverywhere: 'Umetoka kila mahali.',
  calendarLinkInvalid: 'Kiungo hiki cha kalenda si halali tena. Nakili kipya kutoka ukurasa wako wa vipindi.',
  eventEnded: 'Tukio hili limeisha; viungo vya kuingia haviwezi kuundwa tena.',
  // Events
  eventNameRequired: 'Jina la tukio linahitajika',
  startDateRequired: 'Tarehe ya kuanza inahitajika',
  endDateRequired: 'Tarehe ya kumalizika inahitajika',
  startDateAfterEndDate: 'Tarehe ya kuanza haiwezi kuwa baada ya tarehe ya kumalizika',
  locationRequired: 'Mahali panahitajika',
  invalidEventDate: 'Muundo wa tarehe si sahihi. Tafadhali tumia tarehe na saa kama 2025-01-31T09:00.',
  invalidTimeZone: 'Chagua saa za eneo kutoka kwenye orodha, kwa mfano Africa/Nairobi (jina la IANA).',
  invalidCountry: 'Chagua nchi kutoka kwenye orodha, kwa mfano KE (Kenya), au hakuna.',
  phoneInvalid:
    'Namba {phone} si namba halali ya simu: iandike pamoja na msimbo wa nchi, kwa mfano +254712345678.',
  phoneInvalidInCountry:
    'Namba {phone} si namba halali ya simu: iandike kama inavyopigwa katika nchi ya tukio ({country}) au pamoja na msimbo wa nchi, kwa mfano +254712345678.',
  uploadPhoneLeftOut: 'Namba {phone} si namba halali ya simu; safu imeingizwa bila namba hiyo.',
  invalidColour: 'Weka rangi kama #1EB53A',
  tagBorderRadius: 'Mzingo wa pembe lazima uwe kati ya 0 na 24 px',
  logoFileRequired: 'Tafadhali chagua picha ya nembo ya kupakia',
  logoTooLarge: 'Nembo lazima iwe MB 1 au chini ya hapo',
  logoWrongType: 'Nembo lazima iwe picha ya PNG, JPEG au WebP',
  logoSvgRefused: 'Nembo za SVG hazikubaliwi: pakia picha ya PNG, JPEG au WebP',
  logoTooManyPixels: 'Nembo isizidi pikseli 4000 × 4000',
  logoDamaged: 'Picha ya nembo imeharibika au haijakamilika',
  logoDataTooLarge:
    'Nembo ina data ya picha zaidi ya inavyoruhusiwa na ukubwa wake wa pikseli: ihifadhi upya kama PNG, JPEG au WebP kisha uipakie',
  logoNotFound: 'Nembo haikupatikana',
  // Sessions
  missingRequiredFields: 'Sehemu zinazohitajika hazijajazwa: {fields}',
  invalidSessionDate: 'Muundo wa tarehe si sahihi. Tafadhali kagua saa za kuanza na kumalizika.',
  endTimeNotAfterStart: 'Saa ya kumalizika lazima iwe baada ya saa ya kuanza',
  sessionNameRequired: 'Jina la kipindi linahitajika',
  startTimeRequired: 'Saa ya kuanza inahitajika',
  endTimeRequired: 'Saa ya kumalizika inahitajika',
  startTimeAfterEndTime: 'Saa ya kuanza haiwezi kuwa baada ya saa ya kumalizika',
  startTimeInPast: 'Saa ya kuanza haiwezi kuwa wakati uliopita',
  maxParticipantsInvalid:
    'Idadi ya juu ya washiriki lazima iwe namba kamili, 0 au zaidi (0 inamaanisha bila kikomo).',
  sessionNotFound: 'Kipindi hakikupatikana',
  parentSessionNotFound: 'Kipindi kikuu hakikupatikana',
  subSessionNeedsParent: 'Kipindi kidogo kinahitaji kipindi kikuu.',
  nestedSubSession: 'Kipindi kidogo hakiwezi kuwa na vipindi vidogo vyake.',
  subSessionOutsideParent: 'Saa za kipindi kidogo lazima ziwe ndani ya kipindi kikuu ({start} - {end}).',
  subSessionsOutsideWindow:
    'Vipindi vidogo vya kipindi hiki lazima vibaki ndani ya saa zake za kuanza na kumalizika.',
  eventMismatch: 'Tukio lililo katika ombi halilingani na tukio lililo katika URL.',
  createSessionForbidden: 'Huna ruhusa ya kuunda vipindi.',
  adminRequired: 'Ruhusa imekataliwa. Unahitaji ufikiaji wa msimamizi.',
  subSessionFieldsRequired: 'Tafadhali jaza sehemu zote zinazohitajika kwa kila kipindi kidogo',
  subSessionCountMin: 'Idadi ya vipindi vidogo lazima iwe angalau 2',
  subSessionCountMax: 'Idadi ya vipindi vidogo haiwezi kuzidi {max}',
  customCapacityRange: 'Kila uwezo maalum lazima uwe namba kamili kati ya 0 na {max}',
  customCapacityCount: 'Weka uwezo mmoja kwa kila kipindi kidogo ({count})',
  exceedsParentCapacity: 'Inazidi uwezo wa kipindi kikuu!',
  sequentialTooShort: 'Kipindi ni kifupi mno kugawanywa katika vipindi vidogo {count} vinavyofuatana.',
  alreadyHasSubSessions: 'Kipindi hiki tayari kina vipindi vidogo.',
  subSessionsCreated: 'Vipindi vidogo {count} vimeundwa kikamilifu',
  // Session registration
  confirmAttendanceFirst: 'Tafadhali thibitisha kuhudhuria tukio kabla ya kujisajili kwa vipindi',
  sessionFull: 'Kipindi hiki kimejaa. Hakuna nafasi zilizobaki.',
  sessionNotOpen: 'Kipindi hiki hakijafunguliwa kwa usajili.',
  registerForSubSession:
    'Kipindi hiki kimegawanywa katika vipindi vidogo. Tafadhali jisajili kwa kimoja cha vipindi vyake vidogo badala yake.',
  registerSelfOnly: 'Unaweza kubadilisha usajili wako mwenyewe wa vipindi tu.',
  alreadyRegistered: 'Tayari umejisajili kwa kipindi hiki.',
  notRegistered: 'Hujajisajili kwa kipindi hiki.',
  registeredForSession: 'Umejisajili kwa kipindi kikamilifu',
  unregisteredFromSession: 'Umejiondoa kwenye kipindi kikamilifu',
  timeConflict:
    'Huwezi kujisajili kwa "{session}" kwa sababu kinagongana na "{other}" ({start} - {end}) ambacho tayari umejisajili.',
  sameSessionGroup: '{name} (kundi moja la vipindi)',
  // Participants
  fullNameRequired: 'Jina kamili linahitajika',
  emailRequired: 'Barua pepe inahitajika',
  invalidEmail: 'Tafadhali weka anwani sahihi ya barua pepe',
  invalidUsername: 'Majina ya watumiaji yanaweza kuwa na herufi, tarakimu na @ . + - _ tu',
  participantEmailExists: 'Tayari kuna mshiriki mwenye anwani hii ya barua pepe katika tukio hili.',
  participantUsernameExists: 'Tayari kuna mshiriki mwenye jina hili la mtumiaji katika tukio hili.',
  participantProtectedFields: 'Jina la mtumiaji na msimbo wa kipekee vimelindwa na haviwezi kubadilishwa.',
  participantCreated: 'Mshiriki ameundwa kikamilifu. Msimbo wake wa kipekee ni: {code}',
  participantUpdated: 'Mshiriki amesasishwa kikamilifu! Jina la mtumiaji na msimbo wa QR vimehifadhiwa.',
  participantDeleted: 'Mshiriki amefutwa kikamilifu',
  participantsChanged: 'Orodha ya washiriki ilibadilika wakati huo huo. Tafadhali jaribu tena.',
  // Bulk upload
  uploadFileRequired: 'Tafadhali chagua faili la kupakia',
  uploadWrongType: 'Faili za .xlsx na .xls pekee ndizo zinazokubaliwa.',
  uploadNotWorkbook: 'Faili si kitabu halali cha Excel (.xlsx au .xls).',
  uploadTooLarge: 'Faili ni kubwa mno. Ukubwa wa juu ni MB {mb}.',
  uploadBusy: 'Uingizaji mwingine unaendelea. Tafadhali jaribu tena baada ya sekunde chache.',
  uploadTooManyRows:
    'Faili lina safu za washiriki zaidi ya {max}. Tafadhali ligawanye katika faili ndogo zaidi.',
  uploadUnsafeArchive:
    'Faili si kitabu halali cha Excel: maudhui yake yaliyobanwa ni makubwa mno au yana sehemu nyingi mno.',
  uploadTooManyColumns: 'Safu ya vichwa ina safuwima zaidi ya {max}.',
  uploadMissingColumns:
    'Safu ya kwanza lazima iwe na vichwa vya safuwima. Safuwima zinazohitajika hazipo: {columns}.',
  uploadForbiddenHeader: 'Kichwa cha safuwima "{header}" hakiruhusiwi.',
  uploadDuplicateHeader: 'Safuwima "{header}" inaonekana zaidi ya mara moja katika safu ya vichwa.',
  uploadNoRows: 'Faili halina safu za washiriki chini ya safu ya vichwa.',
  uploadDuplicateInFile:
    'Anwani hii ya barua pepe inaonekana zaidi ya mara moja katika faili (mara ya kwanza kwenye safu {row}).',
  uploadBadLanguage:
    'Lugha "{value}" haijulikani. Tumia en, fr au sw (au English, French, Français, Swahili, Kiswahili), au iache wazi kwa Kiingereza.',
  uploadSuccess: 'Upakiaji wa jumla umefaulu. Washiriki walioundwa: {created}, waliosasishwa: {updated}.',
  uploadWithIssues:
    'Upakiaji wa jumla umekamilika na matatizo kadhaa. Walioundwa: {created}, Waliosasishwa: {updated}, Hitilafu: {errors}. Angalia faili lililopakuliwa kwa maelezo.',
  uploadResultsNotFound: 'Faili la matokeo halikupatikana au muda wake umeisha.',
  uploadRowChanged:
    'Mtu mwingine aliongeza, alibadilisha au alifuta mshiriki huyu wakati faili likiingizwa. Pakia safu hii tena.',
  uploadPreviewStale:
    'Washiriki au faili limebadilika tangu onyesho la awali. Kagua onyesho jipya kisha uchague tena.',
  templateSheetNotes: 'Maelezo',
  templateColumn: 'Safuwima',
  templateRequired: 'Inahitajika',
  templateNotes: 'Maelezo',
  templateYes: 'Ndiyo',
  templateNo: 'Hapana',
  templateNoteGeneral:
    'Safu ya kwanza ina vichwa: viache kama vilivyo. Mshiriki mmoja kwa kila safu: badilisha safu ya mfano. .xlsx au .xls, hadi MB {mb} na safu {rows}.',
  templateNoteFullName: 'Jina kamili la mshiriki, hadi herufi 200.',
  templateNoteEmail:
    'Anwani halali ya barua pepe, mara moja tu kwa kila faili. Safu ambayo barua pepe yake tayari ni ya mshiriki wa tukio inaweza kumsasisha mshiriki huyo: onyesho la awali linaonyesha kila badiliko kabla ya kuhifadhi chochote.',
  templateNoteUsername:
    'Herufi, tarakimu na . @ + _ - (hadi herufi 150). Iache wazi ili litengenezwe kutoka kwa barua pepe. Halibadilishwi kamwe kwa mshiriki aliyepo.',
  templateNotePhone:
    'Muundo wa kimataifa (+254712345678) au wa ndani (0712 345 678), hadi herufi 50. Ikiachwa wazi, simu ya mshiriki aliyepo inabaki.',
  templateNoteOrganization: 'Hadi herufi 200. Ikiachwa wazi, shirika la mshiriki aliyepo linabaki.',
  templateNoteJobTitle: 'Hadi herufi 200. Ikiachwa wazi, cheo cha mshiriki aliyepo kinabaki.',
  templateNoteLanguage:
    'en, fr au sw (au English, French, Français, Swahili, Kiswahili): lugha ya skrini na ujumbe wa mshiriki. Ikiachwa wazi: Kiingereza kwa mshiriki mpya, haibadiliki kwa mshiriki aliyepo.',
  uploadInProgress:
    'Upakiaji mwingine wa tukio hili bado unaingizwa. Tafadhali jaribu tena baada ya dakika chache.',
  // Attendance and QR
  attendanceConfirmed: 'Kuhudhuria kumethibitishwa kikamilifu',
  attendanceAlreadyConfirmed: 'Kuhudhuria kwa mshiriki tayari kumethibitishwa',
  selfAttendanceConfirmed: 'Kuhudhuria kumethibitishwa kikamilifu! Msimbo wako wa QR uko tayari.',
  selectParticipantsToConfirm: 'Tafadhali chagua washiriki wa kuthibitisha',
  bulkConfirmDone:
    'Uthibitishaji wa jumla umekamilika. Waliothibitishwa sasa: {confirmed}, waliothibitishwa tayari: {already}, hitilafu: {errors}',
  confirmationIrreversible: 'Uthibitisho wa kuhudhuria hauwezi kuondolewa.',
  confirmOwnOnly: 'Unaweza kuthibitisha kuhudhuria kwako mwenyewe tu.',
  userInfoMissing: 'Taarifa za mtumiaji hazipo. Tafadhali jaribu kuingia tena.',
  missingCredentials: 'Vitambulisho vinavyohitajika havipo. Tafadhali ingia tena.',
  qrNotFound: 'Msimbo wa QR haukupatikana. Tafadhali jaribu kuthibitisha kuhudhuria kwako tena.',
  qrNotAvailable: 'Msimbo wa QR haupatikani. Mshiriki bado hajathibitisha kuhudhuria.',
  // Check-in
  checkedIn: '{name} amesajiliwa kuingia kikamilifu!',
  checkInFailed: 'Imeshindikana kumsajili mshiriki kuingia',
  attendanceLoadFailed: 'Imeshindikana kupakia rekodi za mahudhurio',
  alreadyCheckedIn: '{name} tayari amesajiliwa kuingia ({when}, na {by}).',
  notConfirmedForCheckIn: '{name} hajathibitisha kuhudhuria.',
  notRegisteredForSession: '{name} hajasajiliwa kwa {session}.',
  invalidCheckInCode: 'Huu si msimbo wa kuingia.',
  damagedCheckInCode: 'Msimbo huu wa QR umeharibika au haujakamilika. Uchanganue tena.',
  checkInNonceReused: 'client_nonce hii tayari imetumika kwa usajili mwingine wa kuingia.',
  forgedCheckInCode: 'Msimbo huu wa QR si halali: sahihi yake hailingani.',
  otherEventCheckInCode: 'Msimbo huu wa QR ni wa tukio lingine.',
  unknownCheckInCode: 'Hakuna mshiriki wa tukio hili mwenye msimbo huu.',
  checkInCodeOrParticipant:
    'Tuma msimbo (qr_code_data) au kitambulisho cha mshiriki (participant), si vyote viwili.',
  checkInEventInactive: 'Tukio hili halitumiki: usajili wa kuingia umefungwa.',
  checkInSessionNotFound: 'Kipindi hiki si cha tukio hili.',
  checkInSessionInactive: 'Kipindi hiki hakitumiki: usajili wa kuingia umefungwa.',
  scanOutsideEvent:
    'Uchanganuzi huu ({when}) uko nje ya tukio, linalofanyika {start} – {end}: uchanganuzi hupokelewa kuanzia siku moja kabla ya kuanza hadi siku moja baada ya kumalizika.',
  checkInNotFound: 'Rekodi ya kuingia haikupatikana.',
  scannerEventsOnly: 'Unaweza kusajili watu kuingia katika matukio uliyopewa tu.',
  staffAccountNotFound: 'Mtumiaji wa wafanyakazi hakupatikana.',
  ownRoleUnchangeable: 'Huwezi kubadilisha jukumu lako mwenyewe.',
  // Staff accounts
  staffUsernameTaken: 'Tayari kuna akaunti ya wafanyakazi yenye jina hili la mtumiaji.',
  scannerNeedsEvents: 'Mchanganuzi anahitaji angalau tukio moja.',
  unknownEventIds: 'Vitambulisho vya matukio visivyojulikana: {ids}.',
  ownAccountDisable: 'Huwezi kuzima akaunti yako mwenyewe.',
  ownAccountRemove: 'Huwezi kuondoa akaunti yako mwenyewe.',
  ownPasswordReset: 'Huwezi kuweka upya nenosiri lako mwenyewe hapa.',
  lastActiveAdmin: 'Lazima ibaki angalau akaunti moja ya msimamizi iliyowezeshwa.',
  passwordTooShort: 'Nenosiri lazima liwe na angalau herufi 8.',
  passwordTooLong: 'Nenosiri lisizidi herufi 256.',
  passwordIsUsername: 'Nenosiri lisifanane na jina la mtumiaji.',
  inviteInvalid:
    'Kiungo hiki cha mwaliko si halali. Hakikisha umefungua kiungo kizima, au omba kipya kwa msimamizi.',
  inviteUsed: 'Mwaliko huu tayari umetumika. Ingia kwa nenosiri ulilochagua.',
  inviteExpired: 'Mwaliko huu umekwisha muda wake. Omba mpya kwa msimamizi.',
  accountDisabled: 'Akaunti hii imezimwa. Wasiliana na msimamizi.',
  // Notifications
  notificationsSent: 'Arifa zimetumwa. Zilizofaulu: {success}, Hitilafu: {errors}',
  notificationsFailed: 'Imeshindikana kutuma arifa',
  loginDetailsSent: 'Maelezo ya kuingia yametumwa kikamilifu',
  loginDetailsFailed: 'Imeshindikana kutuma maelezo ya kuingia',
  notifyNoEmail: 'Mshiriki huyu hana anwani halali ya barua pepe.',
  notifyNoPhone: 'Mshiriki huyu hana namba ya simu.',
  notifyBadPhone: 'SMS haikutumwa: namba {phone} si namba halali ya simu.',
  retriedMessages:
    'Jumbe zilizojaribiwa tena: {retried}. Zilizotumwa: {successful}, zilizoshindikana: {failed}.',
  messageNotFound: 'Ujumbe haukupatikana.',
  // Generic
  notFound: 'Haikupatikana.',
  unexpected: 'Hitilafu isiyotarajiwa imetokea.',
  validationFailed: 'Tafadhali kagua fomu kisha ujaribu tena.',
  participantNotFound: 'Mshiriki hakupatikana.',
  eventNotFound: 'Tukio halikupatikana',
  // Walk-ins and badges at the door (issue 28)
  walkInEmailExists:
    '{name} tayari ni mshiriki wa tukio hili mwenye anwani hii ya barua pepe: mtafute kwa jina au msimbo na umsajili kuingia badala ya kumwongeza kama mshiriki wa papo hapo.',
  walkInsAdminsOnly: 'Wasimamizi pekee ndio wanaweza kuongeza washiriki wa papo hapo katika tukio hili.',
};
