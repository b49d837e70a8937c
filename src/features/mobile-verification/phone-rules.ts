import { getCountries, getCountryCallingCode, Metadata, parsePhoneNumberFromString as parsePhone, type CountryCode, type MetadataJson } from 'libphonenumber-js/mobile';

import { CALLING_CODES, FIRST_CALLING_CODES as FIRST, type CallingCode } from './calling-codes.ts';

/*
 * The phone rules of libphonenumber-js (its mobile metadata, about 32 KiB on the wire): loaded
 * on the page's first pointer or key press (phone.ts), not with the page. The calling-code list
 * the page shows first is the table calling-codes.ts keeps, made from this metadata.
 */

/**
 * The country-calling-code table of libphonenumber-js, main region first. The library keeps it on
 * its metadata object without a typed accessor; without it the regions stay in alphabetical order.
 */
function mainRegions(): Partial<Record<string, readonly string[]>> {
  const held = (new Metadata() as unknown as { metadata?: Partial<MetadataJson> }).metadata;
  return (held?.country_calling_codes as Partial<Record<string, readonly string[]>> | undefined) ?? {};
}

/**
 * Every ITU calling code the metadata knows, each once: 852, 853, 86, 886, then ascending. What
 * calling-codes.ts holds (`npm run calling-codes` rewrites it; a test compares the two).
 */
export function buildCallingCodes(): CallingCode[] {
  const byCode = new Map<string, CountryCode[]>();
  for (const region of getCountries()) {
    const code = getCountryCallingCode(region);
    const regions = byCode.get(code);
    if (regions) regions.push(region);
    else byCode.set(code, [region]);
  }
  const main = mainRegions();
  const rank = (code: string) => (FIRST.includes(code) ? FIRST.indexOf(code) - FIRST.length : Number(code));
  return [...byCode]
    .map(([code, regions]) => {
      const order = main[code] ?? [];
      const position = (region: string) => (order.includes(region) ? order.indexOf(region) : order.length);
      return { code, regions: [...regions].sort((a, b) => position(a) - position(b) || a.localeCompare(b)) };
    })
    .sort((a, b) => rank(a.code) - rank(b.code));
}

/** True when the number is a mobile number of that calling code (the mobile metadata knows only mobiles). */
export function isMobileNumber(countryCode: string, mobile: string): boolean {
  if (!/^\d{1,3}$/.test(countryCode) || !/^\d+$/.test(mobile)) return false;
  const regions = CALLING_CODES.find((entry) => entry.code === countryCode)?.regions ?? [];
  return regions.some((region) => {
    const parsed = parsePhone(mobile, region as CountryCode);
    return parsed !== undefined && parsed.countryCallingCode === countryCode && parsed.isValid();
  });
}

/** "+852 9123 4567": the number as the country writes it internationally; the digits when unknown. */
export function formatNumber(countryCode: string, mobile: string): string {
  const parsed = parsePhone(`+${countryCode}${mobile}`);
  return parsed?.isValid() ? parsed.formatInternational() : `+${countryCode} ${mobile}`;
}
