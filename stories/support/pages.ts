import type { AccountCategory } from '../../contract/constants.ts';
import type { User } from '../../contract/schemas/account.ts';
import { sampleUser } from '../../machines/model-kit.ts';
import { permissionsFor } from '../../server/domain/permissions.ts';

/**
 * The page each flow's states are shown on, as the app's routes (src/routes/{-$lang}/) frame it:
 * its address after the language (what the header's language switch links to), who is signed in
 * there, and whether the page sits under the profile menu (the /profile routes'
 * `ProfileLayout`). stories/support/page-frame.tsx renders the app's own frame from this; a flow
 * that is not listed is a signed-out page at the site's root. test/unit/story-pages.test.ts
 * checks that every listed path is a route of the app and every flow with stories is listed.
 */
export interface StoryPage {
  /** The route's path after the language segment, as the app writes it (`profile/family`). */
  path: string;
  /** The account signed in on the page; null: signed out. */
  account: StoryAccount | null;
  /** Whether the page shows the profile menu beside it (the routes under /profile). */
  menu: boolean;
}

/** The accounts the pages are for, each the product's own kind of account (SPEC §6). */
export type StoryAccount = 'public' | 'fullMember' | 'student' | 'schoolAdmin';

/** A signed-in account of `category`, with the permissions the server gives that category. */
function account(category: AccountCategory, overrides: Partial<User>, facts = { schoolAllowsQrLogin: null as boolean | null }): User {
  return sampleUser({ category, permissions: permissionsFor(category, facts), ...overrides });
}

/** The demo accounts (server/db/seed) the samples speak for. */
export const STORY_USERS: Readonly<Record<StoryAccount, User>> = {
  // The family samples' signed-in user (machines/family/family-details.model.ts): Papa Chan, public1@demo.test.
  public: account('PUBLIC', { displayName: 'Papa Chan' }),
  fullMember: account('FULL_MEMBER', { userId: 'u-full1', loginId: 'demo_full1', loginEmail: 'full1@demo.test', contactEmail: 'full1@demo.test', displayName: '陳大文 Chan Tai Man' }),
  student: account(
    'STUDENT',
    { userId: 'u-student1', loginId: 'demo_student1', loginEmail: 'student1@demo.test', contactEmail: 'student1@demo.test', displayName: 'Lee Siu Ming', schoolCode: 'DEMO01' },
    { schoolAllowsQrLogin: true },
  ),
  schoolAdmin: account('SCHOOL_ADMINISTRATOR', {
    userId: 'u-schooladmin1',
    loginId: 'demo_schooladmin1',
    loginEmail: 'schooladmin1@demo-school.edu.hk',
    contactEmail: 'schooladmin1@demo-school.edu.hk',
    displayName: 'Wong Mei Ling',
    schoolCode: 'DEMO01',
  }),
};

const signedOut = (path: string): StoryPage => ({ path, account: null, menu: false });
const profile = (path: string, who: StoryAccount = 'public'): StoryPage => ({ path, account: who, menu: true });
const signedIn = (path: string, who: StoryAccount): StoryPage => ({ path, account: who, menu: false });

/** By machine name: the page a user meets the flow's states on. */
export const STORY_PAGES: Readonly<Record<string, StoryPage>> = {
  // Sign up
  activation: signedOut('user-activate'),
  emailVerification: signedOut('login-emails/verify'),
  registration: signedOut('users/register'),
  staffRegistration: signedOut('edb/register'),
  // Log in
  forgotPassword: signedOut('forget-password'),
  mfaCode: signedOut('login'),
  mfaLogin: signedOut('mfa-login'),
  otpLogin: signedOut('otp-login'),
  passkeySignIn: signedOut('login'),
  passwordLogin: signedOut('login'),
  qrLogin: signedOut('qr-login'),
  resetPassword: signedOut('reset-password'),
  thirdPartyLink: signedOut('third-party-link'),
  thirdPartySignIn: signedOut('login'),
  // Profile
  accountClosure: profile('profile/account-closure'),
  association: profile('profile/association', 'fullMember'),
  emailChange: profile('profile/emails'),
  fullMemberUpgrade: signedIn('profile/full-upgrade', 'public'),
  mobileVerification: profile('profile/mobile-verification'),
  myData: profile('profile/my-data'),
  profileForm: profile('profile'),
  studentMemberUpgrade: signedIn('profile/student-upgrade', 'student'),
  upgradeReminder: profile('profile'),
  // Family
  familyCreate: profile('profile/family'),
  familyDetails: profile('profile/family'),
  familyHome: profile('profile/family'),
  familyJoin: profile('profile/family'),
  // Security
  authenticator: profile('profile/login-info'),
  changePassword: profile('profile/password'),
  loginInfo: profile('profile/login-info'),
  loginQrCode: profile('profile/regen-qrcode', 'student'),
  passkeys: profile('profile/login-info'),
  securitySessions: profile('profile/security'),
  stepUp: profile('profile/security'),
  // School
  orgAccountImport: signedIn('org_account', 'schoolAdmin'),
  orgAccountList: signedIn('org_account', 'schoolAdmin'),
  schoolSettings: signedIn('org_account/settings', 'schoolAdmin'),
  ssoExport: signedIn('org_account/sso-export', 'schoolAdmin'),
  // Newsletter
  publicSubscription: signedOut('email-subscriptions'),
  // App: the fatal-error dialog over a signed-in page; the session's own states drive the frame.
  fatalError: profile('profile'),
  session: profile('profile'),
};

/** The page of a flow's states (a signed-out page at the root when the table has none). */
export function storyPage(machine: string): StoryPage {
  return STORY_PAGES[machine] ?? signedOut('');
}
