import { CALLING_CODE_TABLE } from './calling-codes.gen.ts';

/** Offered first, in this order (SPEC §3: Hong Kong and Macau first, then mainland China and Taiwan). */
export const FIRST_CALLING_CODES = ['852', '853', '86', '886'];

export interface CallingCode {
  /** Digits without the plus. */
  code: string;
  /** The regions using it (ISO 3166 codes), the main one first. */
  regions: string[];
}

/**
 * Every ITU calling code of libphonenumber-js's metadata, each once: 852, 853, 86, 886, then
 * ascending. Kept as a table (calling-codes.gen.ts, `npm run calling-codes`) so the page can list
 * the codes without downloading the metadata; a test compares it with the metadata.
 */
export const CALLING_CODES: readonly CallingCode[] = CALLING_CODE_TABLE.map(([code, regions]) => ({ code, regions: regions.split(' ') }));
