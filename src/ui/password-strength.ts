import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import adjacencyGraphs from '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs';
import commonPasswords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import wordSequences from '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs';
import type { PasswordStrength } from '../../contract/constants.ts';

/**
 * Loaded only through a dynamic import from the password meter. The dictionaries decide its
 * weight, so they are imported one by one: the 49k common passwords (the list the server refuses
 * from), English first names and word sequences (~230 KiB gzip in all). English common words,
 * surnames, Wikipedia words and diceware (~620 KiB more) are left out: they matter least to
 * this audience.
 */
const zxcvbn = new ZxcvbnFactory({
  graphs: adjacencyGraphs,
  dictionary: { 'passwords-common': commonPasswords, 'firstnames-en': firstnames, ...wordSequences },
});

export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  return zxcvbn.check(password, [...userInputs]).score;
}
