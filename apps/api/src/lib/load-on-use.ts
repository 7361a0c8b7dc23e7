/**
 * Packages the API loads on first use instead of at start, so a server that has not yet written a
 * spreadsheet, printed badges or sent an e-mail does not hold them. Measured alone, each adds to a
 * bare Node process's RSS: exceljs 27 MB, pdfkit 31 MB, fontkit 21 MB, nodemailer 16 MB, handlebars
 * and html-to-text 11 MB each; together they took an idle server on PostgreSQL from 149-152 MB to
 * 128-130 MB. The first use waits for the load once; Node keeps the module after that. (qrcode is
 * loaded at start all the same: a participant's QR image is drawn on the API's thread.)
 */
export const loadExcel = async () => (await import('exceljs')).default;
export const loadPdfKit = async () => (await import('pdfkit')).default;
export const loadFontkit = () => import('fontkit');
export const loadNodemailer = async () => (await import('nodemailer')).default;
export const loadHandlebars = async () => (await import('handlebars')).default;
export const loadHtmlToText = () => import('html-to-text');
