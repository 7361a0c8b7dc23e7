// Deterministic, realistic-looking participants for the benchmarks.
const FIRST = [
  'Amina',
  'Jean',
  'Grace',
  'Eric',
  'Claudine',
  'Patrick',
  'Aline',
  'Emmanuel',
  'Diane',
  'Olivier',
  'Josiane',
  'Fabrice',
  'Chantal',
  'Innocent',
  'Solange',
  'Theogene',
  'Vestine',
  'Didier',
  'Esperance',
  'Alexis',
];
const LAST = [
  'Uwase',
  'Habimana',
  'Mukamana',
  'Nshuti',
  'Ingabire',
  'Niyonzima',
  'Uwimana',
  'Hakizimana',
  'Mukeshimana',
  'Nsengimana',
  'Umutoni',
  'Kalisa',
  'Mugisha',
  'Iradukunda',
  'Ndayisaba',
  'Nyirahabimana',
  'Bizimana',
  'Tuyishime',
  'Uwamahoro',
  'Munyaneza',
  'Gasana',
  'Rukundo',
  'Karangwa',
  'Mutesi',
  'Kayitesi',
];
const ORGS = [
  'Ministry of Health',
  'Rwanda Biomedical Centre',
  'District Hospital',
  'University Teaching Hospital',
  'Ministry of Education',
  'City of Kigali',
  'Red Cross',
  'UNICEF',
  'World Food Programme',
  'Partners In Health',
];
const JOBS = [
  'Nurse',
  'Data Officer',
  'Epidemiologist',
  'Pharmacist',
  'Lab Technician',
  'Coordinator',
  'Manager',
];

export type GeneratedRow = {
  full_name: string;
  email: string;
  phone: string;
  organization: string;
  job_title: string;
};

export function participantRow(i: number, prefix = ''): GeneratedRow {
  const first = FIRST[i % FIRST.length] ?? 'Amina';
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Uwase';
  return {
    full_name: `${first} ${last} ${i}`,
    email: `${prefix}${first}.${last}.${i}@example.org`.toLowerCase(),
    phone: `+25078${String(8_000_000 + i).padStart(7, '0')}`,
    organization: ORGS[i % ORGS.length] ?? 'RBC',
    job_title: JOBS[i % JOBS.length] ?? 'Nurse',
  };
}

/**
 * Search terms the search benchmark rotates through (3 characters or more, as staff type them).
 * Typical: part of a name, an e-mail or a phone number, none to a few hundred matches. Broad: a
 * surname, a first name (its matches sit together late in the name order), an e-mail domain, a
 * name fragment and organisations, 2,000 to all 50,000 of the 50,000 participants. Mix: both.
 */
const TYPICAL = ['grace.nshuti', 'nshuti 4123', '0801234', 'uwase 1', 'diane.ka', '8012'];
const BROAD = ['mukamana', 'red cross', 'vestine', 'uwa', 'ministry', 'example.org'];
export const SEARCH_SCENARIOS = [
  { name: 'mix', terms: [...TYPICAL, ...BROAD] },
  { name: 'typical', terms: TYPICAL },
  { name: 'broad', terms: BROAD },
];
