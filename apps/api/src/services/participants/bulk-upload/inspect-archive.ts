import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { messages } from '@attend/shared';
import { AppError } from '../../../lib/app-error';

/** A real workbook has a dozen parts; thousands mean a hostile or broken file. */
export const MAX_ZIP_ENTRIES = 500;
/** 50,000 typical participant rows inflate to about 20 MB. */
export const MAX_INFLATED_BYTES = 100 * 1024 * 1024;

function unsafe(): AppError {
  return new AppError('bad_request', messages.uploadUnsafeArchive);
}

function notWorkbook(): AppError {
  return new AppError('bad_request', messages.uploadNotWorkbook);
}

function open(data: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (err, zip) => (err || !zip ? reject(notWorkbook()) : resolve(zip)),
    );
  });
}

/**
 * Inflates every entry of an .xlsx (discarding the output) before the spreadsheet parser sees it:
 * the declared sizes and entry count must be within limits, and the real inflated bytes are counted
 * as they come, so a zip bomb that lies about its sizes is stopped at the limit, not after.
 */
export async function assertSafeXlsxArchive(data: Buffer): Promise<void> {
  const zip = await open(data);
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    if (zip.isOpen) zip.close();
    throw unsafe();
  }
  let declared = 0;
  let inflated = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(notWorkbook()));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        declared += entry.uncompressedSize;
        if (declared > MAX_INFLATED_BYTES) return reject(unsafe());
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(notWorkbook());
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > MAX_INFLATED_BYTES) {
              stream.destroy();
              reject(unsafe());
            }
          });
          // yauzl checks the real size against the declared one and fails the stream on a mismatch.
          stream.on('error', () => reject(unsafe()));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    if (zip.isOpen) zip.close();
  }
}
