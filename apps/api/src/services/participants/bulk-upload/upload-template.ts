import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MAX_BYTES,
  BULK_UPLOAD_MAX_ROWS,
  BULK_UPLOAD_REQUIRED_COLUMNS,
  format,
  type MessageKey,
  type TLanguage,
} from '@attend/shared';
import { MESSAGE_CATALOGUES } from '@attend/shared/messages-i18n';
import type { DbOrTx } from '../../../db/client';
import { loadExcel } from '../../../lib/load-on-use';
import { sheetName } from '../../../lib/sheet-name';
import { requireEventExists } from '../scope';

export const TEMPLATE_FILENAME = 'participants_template.xlsx';

/** The example row: valid, and an e-mail no real participant has. */
export const TEMPLATE_EXAMPLE: Readonly<Record<string, string>> = {
  full_name: 'Jane Wanjiru',
  email: 'jane.wanjiru@example.org',
  username: '',
  phone: '+254712345678',
  organization: 'Ministry of Health',
  job_title: 'Nurse',
  language: 'en',
};

const NOTE_KEY: Readonly<Record<string, MessageKey>> = {
  full_name: 'templateNoteFullName',
  email: 'templateNoteEmail',
  username: 'templateNoteUsername',
  phone: 'templateNotePhone',
  organization: 'templateNoteOrganization',
  job_title: 'templateNoteJobTitle',
  language: 'templateNoteLanguage',
};

/**
 * The Bulk Upload template: a first sheet with the headers the import reads and one example row
 * (every cell text, so a phone keeps its + and leading 0), and a notes sheet, in `language`, saying
 * for each column whether it is required and what it takes.
 */
export async function buildUploadTemplate(db: DbOrTx, eventId: number, language: TLanguage): Promise<Buffer> {
  await requireEventExists(db, eventId);
  const t = MESSAGE_CATALOGUES[language];
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName('Participants'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = BULK_UPLOAD_COLUMNS.map((key) => ({
    key,
    header: key,
    width: key === 'email' ? 30 : 20,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(BULK_UPLOAD_COLUMNS.map((key) => TEMPLATE_EXAMPLE[key] ?? ''));

  const notes = workbook.addWorksheet(sheetName(t.templateSheetNotes));
  notes.columns = [
    { header: t.templateColumn, key: 'column', width: 16 },
    { header: t.templateRequired, key: 'required', width: 12 },
    { header: t.templateNotes, key: 'notes', width: 100 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of BULK_UPLOAD_COLUMNS) {
    const noteKey = NOTE_KEY[column];
    notes.addRow({
      column,
      required: BULK_UPLOAD_REQUIRED_COLUMNS.includes(column) ? t.templateYes : t.templateNo,
      notes: noteKey ? t[noteKey] : '',
    });
  }
  notes.addRow([]);
  notes.addRow([
    '',
    '',
    format(t.templateNoteGeneral, {
      mb: BULK_UPLOAD_MAX_BYTES / 1024 / 1024,
      rows: BULK_UPLOAD_MAX_ROWS.toLocaleString('en-US'),
    }),
  ]);
  notes.getColumn('notes').alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
