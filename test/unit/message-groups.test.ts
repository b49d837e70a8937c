// Where the refusals' texts download (src/i18n/late-groups.ts, docs/decisions/messages.md).
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { LATE_GROUPS } from '../../src/i18n/late-groups.ts';
import config from '../../src/i18n/message-groups.json';
import { groupOfMessage, type MessageGroup } from '../../src/i18n/message-groups.ts';

const routeGroups = new Set(Object.values(config.routes).flat());

describe('message groups of the refusals', () => {
  it('puts every code’s text where a page finds it: core, the late refusals, or a group a page downloads with itself', () => {
    const misplaced = Object.keys(ERROR_MESSAGES)
      .map((code) => ({ code, group: groupOfMessage(`error.${code}`) }))
      .filter(({ group }) => group !== 'core' && group !== 'refusals' && !routeGroups.has(group));
    // A text in a group only a section downloads (the authenticator's, a family flow's) is missing
    // wherever else its code shows: /mfa-login read `error.authenticatorCodeWrong` as the raw id.
    expect(misplaced).toEqual([]);
  });

  it('keeps in core only the refusals a page shows with no gesture', () => {
    const inCore = Object.keys(ERROR_MESSAGES).filter((code) => groupOfMessage(`error.${code}`) === 'core');
    expect(inCore.sort()).toEqual(['sessionSignedOut', 'unknown'].filter((code) => code in ERROR_MESSAGES).sort());
    expect(groupOfMessage('error.network')).toBe('core');
  });

  it('never downloads a late group with a page', () => {
    for (const group of LATE_GROUPS) expect(routeGroups.has(group as MessageGroup)).toBe(false);
  });
});
