import { z } from 'zod';
import { LANGUAGES } from './language-codes';

export const ZLanguage = z.enum(LANGUAGES, { error: 'Choose English (en), French (fr) or Swahili (sw).' });

/** Body of `PATCH /api/participants/me/language/`: a participant's own language. */
export const ZLanguageUpdate = z.object({ language: ZLanguage }).strict();
export type TLanguageUpdate = z.infer<typeof ZLanguageUpdate>;
