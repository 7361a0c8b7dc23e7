import { afterAll, describe, expect, it } from 'vitest';
import { defaultEventNotes, standardEventNotesCount } from '@attend/shared';
import { eventNotesText } from '../src/lib/event-notes';
import { adoptLanguage, i18n } from '../src/lib/i18n';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the standard event notes', () => {
  it('are recognised in the English the server sends, for any number of sessions, and nothing else is', () => {
    expect(standardEventNotesCount(defaultEventNotes(4))).toBe(4);
    expect(standardEventNotesCount(`\n${defaultEventNotes(12)} `)).toBe(12);
    expect(standardEventNotesCount('Bring your ID. DSA is paid in cash.')).toBeNull();
    expect(standardEventNotesCount(`${defaultEventNotes(4)} Lunch is at noon.`)).toBeNull();
  });

  it('show in the reader’s language; notes staff wrote show as written', async () => {
    await i18n.changeLanguage('en');
    expect(eventNotesText(defaultEventNotes(4))).toBe(defaultEventNotes(4));
    expect(eventNotesText(defaultEventNotes(1))).toContain('attend 1 session per day.');
    await adoptLanguage('fr');
    expect(eventNotesText(defaultEventNotes(4))).toContain('vous inscrivez à 4 sessions par jour');
    expect(eventNotesText(defaultEventNotes(1))).toContain('vous inscrivez à 1 session par jour');
    expect(eventNotesText('Apportez votre pièce d’identité.')).toBe('Apportez votre pièce d’identité.');
    await adoptLanguage('sw');
    expect(eventNotesText(defaultEventNotes(4))).toContain('kuhudhuria vipindi 4 kwa siku');
    expect(eventNotesText(defaultEventNotes(1))).toContain('kuhudhuria kipindi 1 kwa siku');
  });
});
