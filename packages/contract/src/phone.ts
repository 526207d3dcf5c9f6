import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/**
 * Phone numbers as people write them (spaces, dashes, brackets, "+44 7911 123456", or a local
 * number with its country), read by libphonenumber's compact ("min") metadata so the console and
 * the API accept exactly the same numbers. Kept out of schemas.ts on purpose: only the screens that
 * take such a number (the public message form, the operator's prospect list) load the metadata,
 * never the login page.
 */

/** The country a local number is read in when none is chosen. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'CN';

/** Every country the metadata knows, as ISO 3166-1 alpha-2 codes. */
export const PHONE_COUNTRIES: readonly CountryCode[] = getCountries();

export function isPhoneCountry(value: string): value is CountryCode {
  return isSupportedCountry(value);
}

/** "+44" for GB. */
export function callingCodeOf(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}

/** At most this many characters are read; no real number needs more, even with spaces. */
export const PHONE_INPUT_MAX_LENGTH = 32;

/**
 * The number in E.164 (+447911123456), or null when it is not a valid number. A number starting
 * with + (or 00) names its own country; otherwise it is read as a number of `country`.
 */
export function toE164(raw: string, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  const text = raw.trim();
  if (text === '' || text.length > PHONE_INPUT_MAX_LENGTH || /[a-z@]/i.test(text)) return null;
  const international = text.startsWith('00') ? `+${text.slice(2)}` : text;
  const phone = parsePhoneNumberFromString(international, isPhoneCountry(country) ? country : DEFAULT_PHONE_COUNTRY);
  return phone?.isValid() ? phone.number : null;
}

/**
 * A stored number for reading: E.164 as "+44 7911 123456"; anything else (rows stored before
 * numbers were normalised) exactly as it was stored.
 */
export function formatPhone(stored: string): string {
  if (!stored.startsWith('+')) return stored;
  const phone = parsePhoneNumberFromString(stored);
  return phone ? phone.formatInternational() : stored;
}
