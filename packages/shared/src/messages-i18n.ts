import type { TLanguage } from './language-codes';
import { format, messages, type MessageKey } from './messages';
import { fr } from './messages.fr';
import { sw } from './messages.sw';

/**
 * The shared sentences in every language. Kept out of the package index so the web app's main
 * bundle carries English only (its French and Swahili arrive with the lazily loaded language).
 */
export const MESSAGE_CATALOGUES: Readonly<Record<TLanguage, Readonly<Record<MessageKey, string>>>> = {
  en: messages,
  fr,
  sw,
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Pattern {
  key: MessageKey;
  regexp: RegExp;
  names: string[];
}

// English templates as patterns, longest first so a specific sentence wins over a shorter one.
const PATTERNS: Pattern[] = (Object.entries(messages) as [MessageKey, string][])
  .map(([key, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) return escapeRegExp(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { key, regexp: new RegExp(`^${source}$`, 's'), names };
  })
  .sort((a, b) => messages[b.key].length - messages[a.key].length);

/**
 * `text` in `language` when it is one of the shared English sentences (placeholders carried over:
 * 'Please wait 30 seconds…' -> 'Veuillez patienter 30 secondes…'); any other text unchanged.
 */
export function translateMessage(text: string, language: TLanguage): string {
  if (language === 'en') return text;
  for (const pattern of PATTERNS) {
    const match = pattern.regexp.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    pattern.names.forEach((name, index) => {
      values[name] = match[index + 1] ?? '';
    });
    return format(MESSAGE_CATALOGUES[language][pattern.key], values);
  }
  return text;
}
