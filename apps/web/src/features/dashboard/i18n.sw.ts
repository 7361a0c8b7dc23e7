import type { en } from './i18n';

/** Swahili strings of the staff home page (keys as in the English catalogue). */
export const sw: Record<keyof typeof en, string> = {
  loadFailed: 'Imeshindikana kupakia data ya dashibodi. Tafadhali onyesha upya ukurasa.',
  refresh: 'Onyesha upya',

  'stats.title': 'Muhtasari',
  'stats.events': 'Jumla ya Matukio',
  'stats.eventsDetail': '{n} yanaendelea',
  'stats.participants': 'Washiriki',
  'stats.participantsDetail': '{n} wamethibitisha',
  'stats.checkIns': 'Walioingia',
  'stats.checkInsDetail': 'Kiwango cha mahudhurio {rate}%',
  'stats.failed': 'Barua Pepe Zilizoshindikana',
  'stats.failedDetail': '{n} tayari kujaribiwa tena',
  'stats.failedDetailSms': '{n} tayari kujaribiwa tena · SMS zilizoshindikana: {sms}',
  'stats.unavailable': '—',
  retryNow: 'Jaribu Tena Sasa',
  forceRetry: 'Lazimisha Kujaribu Tena Zote Zilizoshindikana',
  forceRetryText:
    'Tuma tena sasa kila barua pepe na SMS iliyoshindikana, pamoja na zile zilizomaliza majaribio yake.',

  quickActions: 'Vitendo vya Haraka',
  'qa.events': 'Simamia Matukio',
  'qa.eventsText': 'Unda matukio na ufungue vipindi na washiriki wake.',
  'qa.participants': 'Simamia Washiriki',
  'qa.participantsText': 'Chagua tukio ili kuongeza, kuingiza, kuarifu na kuthibitisha washiriki wake.',
  'qa.checkIn': 'Sajili Washiriki Kuingia',
  'qa.checkInText': 'Chagua tukio na uchanganue misimbo ya QR au uweke misimbo ya kipekee.',
  'qa.mailbox': 'Sanduku la Barua',
  'qa.mailboxText':
    'Soma barua pepe na SMS zilizohifadhiwa na sanduku la barua la ndani wakati hakuna seva ya SMTP iliyowekwa.',
  'qa.staff': 'Ufikiaji wa Wafanyakazi',
  'qa.staffText': 'Wape wafanyakazi jukumu la kuchanganua kwa matukio yaliyochaguliwa.',

  'summary.title': 'Muhtasari wa Barua Pepe Zilizoshindikana',
  'summary.pending': 'Zinasubiri',
  'summary.retryScheduled': 'Kujaribu Tena Kumepangwa',
  'summary.failedPermanently': 'Zimeshindikana Kabisa',
  'summary.readyToRetry': 'Tayari Kujaribiwa Tena',
  'summary.next': 'Majaribio Yajayo Yaliyopangwa',
  'summary.nextAt': 'saa {when}',
  'summary.more': 'na {n} zaidi',

  'charts.activity': 'Uthibitisho na Walioingia',
  'charts.activityText': 'Kwa siku katika siku 14 zilizopita (UTC).',
  'charts.confirmations': 'Uthibitisho',
  'charts.checkIns': 'Walioingia',
  'charts.activitySummary': 'Uthibitisho {c} na walioingia {k} katika siku 14 zilizopita.',
  'charts.activityEmpty': 'Hakuna uthibitisho wala walioingia katika siku 14 zilizopita.',
  'charts.messages': 'Ujumbe kwa Hali',
  'charts.messagesText': 'Kila barua pepe na SMS ambayo programu imeweka kwenye foleni.',
  'charts.messagesSeries': 'Ujumbe',
  'charts.messagesEmpty': 'Bado hakuna ujumbe.',
  'charts.messageCount': '{status}: {n}',

  'recent.title': 'Matukio ya Hivi Karibuni',
  'recent.starts': 'Linaanza {when}',
  'recent.participants': 'Washiriki',
  'recent.confirmed': 'Wamethibitisha',
  'recent.checkedIn': 'Wameingia',
};
