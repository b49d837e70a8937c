import type { CallDeclaration } from '../call.ts';
import * as account from './account.ts';
import * as association from './association.ts';
import * as family from './family.ts';
import * as otp from './otp.ts';
import * as orgAccount from './org-account.ts';
import * as mfa from './mfa.ts';
import * as profile from './profile.ts';
import * as qr from './qr.ts';
import * as security from './security.ts';
import * as sso from './sso.ts';
import * as ssoExport from './sso-export.ts';
import * as staff from './staff.ts';
import * as subscriptions from './subscriptions.ts';
import * as upgrade from './upgrade.ts';

/**
 * Every call, grouped by feature. The server and the docs read this; the browser imports the
 * feature's own file (`contract/calls/family.ts`) so a page downloads only its calls.
 */
export const CALL_GROUPS = { account, family, profile, subscriptions, otp, mfa, qr, association, upgrade, security, sso, orgAccount, staff, ssoExport } as const;

export const ALL_CALLS: readonly CallDeclaration[] = Object.values(CALL_GROUPS).flatMap((group) => Object.values(group) as CallDeclaration[]);
