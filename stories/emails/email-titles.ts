/**
 * The sidebar title of each email (Emails › <title> › <language>). scripts/gen-stories.ts writes
 * one story file per email from this table, so the titles are static, as Storybook's indexer needs.
 */
import type { EmailName } from './email-samples.ts';

export const EMAIL_TITLES: Record<EmailName, string> = {
  activation: 'Activation',
  buyerActivation: 'School purchaser activation',
  passwordReset: 'Password reset link',
  familyInvitation: 'Family invitation',
  subscription: 'Newsletter subscription',
  profileSubscription: 'Subscription change',
  loginEmailLink: 'Login email confirmation',
  contactEmailLink: 'Contact email confirmation',
  teacherEmailLink: 'Teacher email confirmation',
  otp: 'One-time password',
  stepUpCode: 'Confirmation code (confirm it is you)',
  mfa: 'Two-factor link',
  upgradeCode: 'Upgrade code',
  'security.passwordChanged': 'Security: password changed',
  'security.passwordReset': 'Security: password reset',
  'security.loginEmailChanged': 'Security: login email changed',
  'security.twoFactorEmailChanged': 'Security: two-factor email changed',
  'security.newBrowser': 'Security: new browser',
  'security.thirdPartyLinked': 'Security: Google linked',
  'security.thirdPartyUnlinked': 'Security: Google unlinked',
  'security.authenticatorAdded': 'Security: authenticator app set up',
  'security.authenticatorRemoved': 'Security: authenticator app removed',
  'security.recoveryCodesRegenerated': 'Security: new recovery codes',
  'security.passkeyAdded': 'Security: passkey added',
  'security.passkeyRemoved': 'Security: passkey removed',
  'security.dataDownloaded': 'Security: data downloaded',
  'security.closureRequested': 'Security: account closure requested',
  'security.closureCancelled': 'Security: account closure cancelled',
  'security.accountErased': 'Security: account erased',
};
