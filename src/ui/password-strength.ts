import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import type { PasswordStrength } from '../../contract/constants.ts';

/**
 * Loaded only through a dynamic import from the password meter: with its dictionaries this
 * module is the heaviest chunk of the app and only password screens need it.
 */
const zxcvbn = new ZxcvbnFactory({
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
});

export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  return zxcvbn.check(password, [...userInputs]).score;
}
