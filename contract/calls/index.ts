import type { CallDeclaration } from '../call.ts';
import * as account from './account.ts';
import * as association from './association.ts';
import * as family from './family.ts';
import * as otpLogin from './otp-login.ts';
import * as orgAccount from './org-account.ts';
import * as mfaLogin from './mfa-login.ts';
import * as authenticator from './authenticator.ts';
import * as profile from './profile.ts';
import * as teacherProfile from './teacher-profile.ts';
import * as parentProfile from './parent-profile.ts';
import * as loginQr from './login-qr.ts';
import * as myData from './my-data.ts';
import * as accountClosure from './account-closure.ts';
import * as security from './security.ts';
import * as stepUp from './step-up.ts';
import * as passkeys from './passkeys.ts';
import * as thirdParty from './third-party.ts';
import * as ssoExport from './sso-export.ts';
import * as staffRegistration from './staff-registration.ts';
import * as emailSubscriptions from './email-subscriptions.ts';
import * as upgrade from './upgrade.ts';
import * as verification from './verification.ts';

/**
 * Every call, grouped by feature. The server and the docs read this; the browser imports the
 * feature's own file (`contract/calls/family.ts`) so a page downloads only its calls.
 */
export const CALL_GROUPS = { account, family, profile, teacherProfile, parentProfile, verification, emailSubscriptions, otpLogin, mfaLogin, authenticator, loginQr, association, upgrade, security, stepUp, passkeys, thirdParty, orgAccount, staffRegistration, ssoExport, myData, accountClosure } as const;

export const ALL_CALLS: readonly CallDeclaration[] = Object.values(CALL_GROUPS).flatMap((group) => Object.values(group) as CallDeclaration[]);
