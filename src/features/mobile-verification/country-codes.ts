import { getCountries, getCountryCallingCode, Metadata, parsePhoneNumberFromString as parsePhone, type CountryCode, type MetadataJson } from 'libphonenumber-js/mobile';

/** Offered first, in this order (SPEC §3: Hong Kong and Macau first, then mainland China and Taiwan). */
const FIRST = ['852', '853', '86', '886'];

export interface CallingCode {
  /** Digits without the plus. */
  code: string;
  /** The regions using it, the main one first. */
  regions: CountryCode[];
}

/**
 * The country-calling-code table of libphonenumber-js, main region first. The library keeps it on
 * its metadata object without a typed accessor; without it the regions stay in alphabetical order.
 */
function mainRegions(): Partial<Record<string, readonly string[]>> {
  const held = (new Metadata() as unknown as { metadata?: Partial<MetadataJson> }).metadata;
  return (held?.country_calling_codes as Partial<Record<string, readonly string[]>> | undefined) ?? {};
}

let table: CallingCode[] | null = null;

/** Every ITU calling code the metadata knows, each once: 852, 853, 86, 886, then ascending. */
export function callingCodes(): CallingCode[] {
  table ??= buildTable();
  return table;
}

function buildTable(): CallingCode[] {
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
  const regions = callingCodes().find((entry) => entry.code === countryCode)?.regions ?? [];
  return regions.some((region) => {
    const parsed = parsePhone(mobile, region);
    return parsed !== undefined && parsed.countryCallingCode === countryCode && parsed.isValid();
  });
}

/** "+852 9123 4567": the number as the country writes it internationally; the digits when unknown. */
export function formatNumber(countryCode: string, mobile: string): string {
  const parsed = parsePhone(`+${countryCode}${mobile}`);
  return parsed?.isValid() ? parsed.formatInternational() : `+${countryCode} ${mobile}`;
}
