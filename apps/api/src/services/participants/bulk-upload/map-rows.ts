import {
  BULK_UPLOAD_REQUIRED_COLUMNS,
  ZParticipantCreate,
  format,
  messages,
  parseLanguageName,
  type TLanguage,
} from '@attend/shared';
import { AppError } from '../../../lib/app-error';
import type { Sheet } from './read-workbook';
import { mapGivingWay } from '../../../lib/give-way';
import { readPhone } from '../phone-numbers';

export type Column = 'full_name' | 'email' | 'username' | 'phone' | 'organization' | 'job_title' | 'language';

/** Header spellings people use for each column, after lower-casing and turning spaces into _. */
const ALIASES: ReadonlyMap<string, Column> = new Map<string, Column>([
  ['full_name', 'full_name'],
  ['fullname', 'full_name'],
  ['name', 'full_name'],
  ['email', 'email'],
  ['e_mail', 'email'],
  ['email_address', 'email'],
  ['username', 'username'],
  ['user_name', 'username'],
  ['phone', 'phone'],
  ['phone_number', 'phone'],
  ['mobile', 'phone'],
  ['organization', 'organization'],
  ['organisation', 'organization'],
  ['job_title', 'job_title'],
  ['jobtitle', 'job_title'],
  ['language', 'language'],
  ['lang', 'language'],
  ['preferred_language', 'language'],
]);

/** Names that mean something to JavaScript objects: such a header is refused, never used as a key. */
const FORBIDDEN = /^(__proto__|constructor|prototype|__.*)$/;

export function normalizeHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Column index of each known column. Unknown columns are ignored; dangerous or duplicate ones refused. */
export function mapHeaders(headers: string[]): Map<Column, number> {
  const columns = new Map<Column, number>();
  headers.forEach((raw, index) => {
    const header = normalizeHeader(raw);
    if (header === '') return;
    if (FORBIDDEN.test(header)) {
      throw new AppError(
        'bad_request',
        format(messages.uploadForbiddenHeader, { header: raw.trim().slice(0, 50) }),
      );
    }
    const column = ALIASES.get(header);
    if (!column) return;
    if (columns.has(column)) {
      throw new AppError('bad_request', format(messages.uploadDuplicateHeader, { header: column }));
    }
    columns.set(column, index);
  });
  const missing = BULK_UPLOAD_REQUIRED_COLUMNS.filter((c) => !columns.has(c as Column));
  if (missing.length > 0) {
    throw new AppError('bad_request', format(messages.uploadMissingColumns, { columns: missing.join(', ') }));
  }
  return columns;
}

/** One input row as typed (trimmed) plus what validation made of it. */
export type UploadRow = {
  row: number;
  input: Record<Column, string>;
  /** Set when the row is valid. */
  valid?: {
    full_name: string;
    email: string;
    username: string;
    phone: string;
    organization: string;
    job_title: string;
    /** '' when the cell is blank: a new participant gets English, an existing one keeps theirs. */
    language: TLanguage | '';
  };
  error?: string;
  /**
   * Set when the row is imported but part of it left out: a phone number that cannot be one is not
   * stored (a new participant has none, an existing one keeps theirs), and this says why.
   */
  warning?: string;
};

/** Rows validated between two turns given to other requests (about 5 ms of work). */
const YIELD_EVERY_ROWS = 1000;

/**
 * Maps the sheet's rows to participant fields and validates each with the Add Participant rules,
 * giving other requests a turn every YIELD_EVERY_ROWS rows (10,000 rows are about 50 ms of work).
 * Phone numbers are read with the event's country (`country`, '' for none) and stored in E.164.
 */
export async function mapRows(sheet: Sheet, options: { country?: string } = {}): Promise<UploadRow[]> {
  const country = options.country ?? '';
  const columns = mapHeaders(sheet.headers);
  if (sheet.rows.length === 0) throw new AppError('bad_request', messages.uploadNoRows);
  const cell = (cells: string[], column: Column) => {
    const index = columns.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  return mapGivingWay(sheet.rows, YIELD_EVERY_ROWS, ({ row, cells }): UploadRow => {
    const input: Record<Column, string> = {
      full_name: cell(cells, 'full_name'),
      email: cell(cells, 'email'),
      username: cell(cells, 'username'),
      phone: cell(cells, 'phone'),
      organization: cell(cells, 'organization'),
      job_title: cell(cells, 'job_title'),
      language: cell(cells, 'language'),
    };
    const { language: languageCell, ...fields } = input;
    const parsed = ZParticipantCreate.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      const message = issue?.message ?? messages.validationFailed;
      // Required-field messages name their field already; others get it in front.
      const prefixed = field === 'full_name' || field === 'email' ? message : `${String(field)}: ${message}`;
      return { row, input, error: prefixed };
    }
    const language = parseLanguageName(languageCell);
    if (language === null) {
      return { row, input, error: format(messages.uploadBadLanguage, { value: languageCell.slice(0, 50) }) };
    }
    const phone = readPhone(parsed.data.phone, country);
    const valid: NonNullable<UploadRow['valid']> = {
      ...parsed.data,
      phone: 'phone' in phone ? phone.phone : '',
      language: languageCell ? language : '',
    };
    if ('phone' in phone) return { row, input, valid };
    return { row, input, valid, warning: format(messages.uploadPhoneLeftOut, { phone: parsed.data.phone }) };
  });
}
