/** Characters a file name keeps: letters with their marks and digits of every script, and joiners. */
const UNSAFE = /(?:(?![\u200c\u200d])[^\p{L}\p{M}\p{N}_.-])+/gu;

/**
 * A part of a download's file name from free text (a person's or an event's name): white space
 * becomes underscores and characters unsafe in file names are dropped, so letters of every script
 * stay as written (`अमृत शर्मा` gives `अमृत_शर्मा`). `empty` stands in for text with nothing left.
 */
export function fileNamePart(text: string, empty = 'event'): string {
  return (
    text
      .normalize('NFC')
      .trim()
      .replace(/\s+/gu, '_')
      .replace(UNSAFE, '')
      .replace(/_{2,}/g, '_')
      .replace(/^[_.-]+|[_.-]+$/g, '') || empty
  );
}
