import type { en } from './i18n';

/** Swahili strings of the participant's attendance screens (keys as in the English catalogue). */
export const sw: Record<keyof typeof en, string> = {
  'status.confirmed': 'Kuhudhuria Kumethibitishwa',
  'status.pending': 'Kuhudhuria Kunasubiri',

  'action.title': 'Hatua Inahitajika',
  'action.text':
    'Thibitisha kuhudhuria kwako ili kufungua usajili wa vipindi, kutengeneza msimbo wa QR, kuingia kwenye tukio na kustahiki malipo ya DSA.',
  'action.confirmNow': 'Thibitisha Kuhudhuria Kwako Sasa',
  'action.tryAgain': 'Jaribu Tena',
  'action.success': 'Kuhudhuria kumethibitishwa kikamilifu!',

  'confirm.noUser': 'Data ya mtumiaji haikupatikana. Tafadhali ingia tena.',
  'confirm.invalidUser': 'Data ya mtumiaji si sahihi. Tafadhali ingia tena.',
  'confirm.noId': 'Taarifa za mtumiaji hazipo. Tafadhali jaribu kuingia tena.',
  'confirm.missingCredentials': 'Vitambulisho vinavyohitajika havipo. Tafadhali ingia tena.',
  'confirm.failed': 'Imeshindikana kuthibitisha kuhudhuria',
  'confirm.readySuccess': 'Kuhudhuria kumethibitishwa kikamilifu! Msimbo wako wa QR uko tayari.',

  'qr.title': 'Msimbo Wako wa QR',
  'qr.alt': 'Msimbo wa QR wa {name}',
  'qr.hint': 'Onyesha msimbo huu mlangoni na katika kila kipindi ili kuingia.',
  'qr.loading': 'Inapakia msimbo wako wa QR…',
  'qr.retry': 'Jaribu tena',
  'qr.sessionExpired': 'Muda wako wa kuingia umeisha, tafadhali ingia tena',
  'qr.notFound': 'Msimbo wa QR haukupatikana. Tafadhali jaribu kuthibitisha kuhudhuria kwako tena.',
  'qr.noResponse': 'Seva haikujibu. Tafadhali kagua muunganisho wako wa intaneti.',
  'qr.default': 'Imeshindikana kupata msimbo wa QR',
  'qr.urlMissing': 'Data ya msimbo wa QR si sahihi: URL haipo',
  'qr.empty': 'Jibu tupu limepokelewa kutoka kwa seva',
  'qr.couldNotLoad': 'Imeshindikana kupakia msimbo wa QR',
  'qr.couldNotLoadNotify': 'Imeshindikana kupakia msimbo wa QR: {error}',
  'qr.failedToLoad': 'Imeshindikana kupakia msimbo wa QR',
  'qr.failedToLoadNotify': 'Imeshindikana kupakia msimbo wa QR. Tafadhali jaribu tena baadaye.',
  'qr.pendingHint': 'Msimbo wako wa QR utaonekana hapa mara utakapothibitisha kuhudhuria kwako.',

  'event.welcome': 'Karibu, {name}!',
  'event.notFound': 'Tukio halikupatikana',
  'event.returnToDashboard': 'Rudi kwenye Dashibodi',
  'event.loadFailed': 'Imeshindikana kupakia maelezo ya tukio',
  'event.invalid': 'Data batili ya tukio imepokelewa',
  'event.tryAgain': 'Jaribu Tena',
  'event.dates': 'Tarehe',
  'event.times': 'Saa',
  'event.location': 'Mahali',
  'event.about': 'Kuhusu Tukio',
  'event.noDescription': 'Hakuna maelezo yaliyotolewa.',
  'event.notes': 'Maelezo ya Tukio',
  'event.groupChat': 'Jiunge na gumzo la kikundi cha tukio kupata taarifa mpya',
  'event.supportDefault': 'Kwa msaada, wasiliana na timu ya usimamizi wa tukio kwenye meza ya usajili.',
  'event.viewTag': 'Tazama Beji ya Tukio',
  'event.viewSessions': 'Tazama Vipindi',
  'event.nextSteps': 'Pasi yako ya tukio',

  'dsa.progress': 'Vipindi ulivyohudhuria leo: {n} kati ya {required} kwa ajili ya DSA',
  'dsa.eligible': 'Umehudhuria vipindi vya kutosha leo kwa ajili ya DSA.',

  'qrPage.documentTitle': 'Msimbo wa QR',
  'qrPage.title': 'Msimbo Wako wa QR',
  'qrPage.startDate': 'Tarehe ya kuanza',
  'qrPage.location': 'Mahali',
  'qrPage.confirm': 'Thibitisha Kuhudhuria',
  'qrPage.eventFailed': 'Imeshindikana kupakia maelezo ya tukio',
  'qrPage.notParticipant': 'Data ya mtumiaji haikupatikana. Tafadhali ingia tena.',

  'offline.kept': 'Uko nje ya mtandao. Hii ni nakala iliyohifadhiwa kwenye kifaa hiki tangu {time}.',
  'offline.nothingKept':
    'Uko nje ya mtandao. Fungua ukurasa huu mara moja ukiwa mtandaoni ili kuhifadhi nakala kwenye kifaa hiki.',
};
