// Phone numbers read with libphonenumber-js's `max` metadata: it checks the digits a country's
// numbering plan allows (the `min` metadata checks only the length, so "0000 000 000" would pass).
// Kept out of the package index: the participant's screens never load it; the staff screens that
// need it (participant form, event form) are loaded lazily.
import {
  getCountries,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';
import { TIME_ZONE_COUNTRIES } from './time-zone-countries';

/** Every country whose numbers can be read (ISO 3166 alpha-2, upper-case). */
export function phoneCountries(): string[] {
  return getCountries();
}

/** The country when libphonenumber knows its numbering plan, else null ('' means none). */
export function phoneCountry(code: string | null | undefined): CountryCode | null {
  const upper = (code ?? '').trim().toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : null;
}

/**
 * The country an event's numbers default to, from its IANA time zone (tzdata's zone.tab:
 * Africa/Nairobi KE, Africa/Kigali RW, Europe/Paris FR), or '' when the zone has none (UTC).
 */
export function countryOfTimeZone(timeZone: string): string {
  const code = TIME_ZONE_COUNTRIES[timeZone] ?? '';
  return phoneCountry(code) ?? '';
}

/**
 * The number in E.164 (+254712345678), read as typed: with its country code (+254…, or 00254…),
 * or as dialled in `country` (0712 345 678 in KE). Null when it cannot be a phone number there.
 * Blank input is not handled here: callers treat '' as "no number".
 */
export function toE164(raw: string, country?: string | null): string | null {
  const text = raw.trim();
  if (!text) return null;
  const defaultCountry = phoneCountry(country) ?? undefined;
  const read = (value: string) => {
    const parsed = parsePhoneNumberFromString(value, { defaultCountry, extract: false });
    return parsed?.isValid() ? parsed.number : null;
  };
  // 00 is the international prefix in most of the world; read it as + when the country's own
  // prefix (or no country) did not.
  return read(text) ?? (/^\s*00/.test(text) ? read(text.replace(/^\s*00/, '+')) : null);
}

/** True when the stored text is an E.164 number (what every number accepted now is stored as). */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value);
}
