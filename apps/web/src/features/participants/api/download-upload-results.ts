import { downloadFile } from '../../../lib/transfer';

/** GET the bulk upload's results spreadsheet (its download_url) with the bearer token and save it. */
export function downloadUploadResults(downloadUrl: string, filename: string): Promise<void> {
  return downloadFile(downloadUrl, filename);
}

/** participants_results_{date}.xlsx, the date as YYYY-MM-DD (document 2 §7). */
export function uploadResultsFilename(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `participants_results_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.xlsx`;
}
