import type { Language } from '../../contract/index.ts';
import { mailMessages as m } from './messages.ts';
import type { RenderedEmail } from './render.ts';
import { action, composeEmail } from './templates.ts';

/** The security notices (issue 10): something about the account's security changed. */
export const SECURITY_EMAIL_KINDS = [
  'passwordChanged',
  'passwordReset',
  'loginEmailChanged',
  'twoFactorEmailChanged',
  'newBrowser',
  'thirdPartyLinked',
  'thirdPartyUnlinked',
  'authenticatorAdded',
  'authenticatorRemoved',
  'recoveryCodesRegenerated',
  'passkeyAdded',
  'passkeyRemoved',
  'dataDownloaded',
  'closureRequested',
  'closureCancelled',
  'accountErased',
] as const;
export type SecurityEmailKind = (typeof SECURITY_EMAIL_KINDS)[number];

export interface SecurityEmailVars {
  /** The recipient (named in the footer). */
  to: string;
  loginId: string;
  /** When it happened; the email tells it in Hong Kong time, labelled. */
  at: Date;
  /** newBrowser, dataDownloaded: `Chrome 131`, `Windows 10`; null when they could not be told. */
  browser?: string | null;
  system?: string | null;
  /** thirdPartyLinked / thirdPartyUnlinked: the provider's name (`Google`). */
  provider?: string;
  /** loginEmailChanged / twoFactorEmailChanged: the new address, partly hidden. */
  maskedEmail?: string;
  /** closureRequested: when the account's data will be erased. */
  eraseAt?: Date;
  /** The security page, where sessions can be signed out. */
  securityLink: string;
  /** The forgotten-password page. */
  resetLink: string;
  supportEmail: string;
}

const WORDS = {
  passwordChanged: [m.passwordChangedSubject, m.passwordChangedBody],
  passwordReset: [m.passwordResetNoticeSubject, m.passwordResetNoticeBody],
  loginEmailChanged: [m.loginEmailChangedSubject, m.loginEmailChangedBody],
  twoFactorEmailChanged: [m.twoFactorEmailChangedSubject, m.twoFactorEmailChangedBody],
  newBrowser: [m.newBrowserSubject, m.newBrowserBody],
  thirdPartyLinked: [m.thirdPartyLinkedSubject, m.thirdPartyLinkedBody],
  thirdPartyUnlinked: [m.thirdPartyUnlinkedSubject, m.thirdPartyUnlinkedBody],
  authenticatorAdded: [m.authenticatorAddedSubject, m.authenticatorAddedBody],
  authenticatorRemoved: [m.authenticatorRemovedSubject, m.authenticatorRemovedBody],
  recoveryCodesRegenerated: [m.recoveryCodesRegeneratedSubject, m.recoveryCodesRegeneratedBody],
  passkeyAdded: [m.passkeyAddedSubject, m.passkeyAddedBody],
  passkeyRemoved: [m.passkeyRemovedSubject, m.passkeyRemovedBody],
  dataDownloaded: [m.dataDownloadedSubject, m.dataDownloadedBody],
  closureRequested: [m.closureRequestedSubject, m.closureRequestedBody],
  closureCancelled: [m.closureCancelledSubject, m.closureCancelledBody],
  accountErased: [m.accountErasedSubject, m.accountErasedBody],
} as const satisfies Record<SecurityEmailKind, readonly [unknown, unknown]>;

/** Each notice says what happened, when (Hong Kong time, labelled), and what to do if it was not them. */
export function renderSecurityEmail(kind: SecurityEmailKind, language: Language, v: SecurityEmailVars): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => {
    const unknown = intl.formatMessage(m.securityUnknown);
    const device = intl.formatMessage(m.securityDevice, { browser: v.browser ?? unknown, system: v.system ?? unknown });
    const values = { loginId: v.loginId, when: v.at, provider: v.provider ?? '', maskedEmail: v.maskedEmail ?? '', device, eraseAt: v.eraseAt ?? v.at };
    const [subject, body] = WORDS[kind];
    return {
      subject: intl.formatMessage(subject, values),
      blocks: [
        { kind: 'paragraph', text: intl.formatMessage(body, values) },
        { kind: 'paragraph', text: intl.formatMessage(m.securityNotYou) },
        action(intl, intl.formatMessage(m.securityResetAction), v.resetLink),
        { kind: 'paragraph', text: intl.formatMessage(m.securitySignOut, { supportEmail: v.supportEmail }) },
        action(intl, intl.formatMessage(m.securityPageAction), v.securityLink),
      ],
      footerQuestions: false,
    };
  });
}
