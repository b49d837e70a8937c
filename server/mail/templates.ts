import { HTML_LANG, type Language } from '../../contract/index.ts';
import type { EmailBlock, EmailContent } from './email-document.tsx';
import { type EmailIntl, emailIntl } from './intl.ts';
import { type MailMessageDescriptor, mailMessages as m } from './messages.ts';
import { type RenderedEmail, renderEmailContent } from './render.ts';

export type { RenderedEmail } from './render.ts';

/**
 * Every email the portal sends is composed here (security notices: security-templates.ts): its
 * words are ICU messages of locales/*.json (server/mail/messages.ts) formatted with @formatjs/intl
 * in the recipient's language, laid out by email-document.tsx and rendered as HTML with a
 * plain-text part (docs/decisions/emails.md). Times are Hong Kong time and say so.
 */

/** What every email shares: the recipient (for the footer) and where to ask. */
interface Frame {
  to: string;
  supportEmail: string;
  /** The greeting's name; without one, a plain hello. */
  displayName?: string;
}

export async function composeEmail(
  language: Language,
  frame: Frame,
  build: (intl: EmailIntl) => { subject: string; blocks: EmailBlock[]; footerQuestions?: boolean },
): Promise<RenderedEmail> {
  const intl = await emailIntl(language);
  const { subject, blocks, footerQuestions = true } = build(intl);
  const first = blocks.find((block) => block.kind === 'paragraph');
  const content: EmailContent = {
    lang: HTML_LANG[language],
    subject,
    preview: first && first.kind === 'paragraph' ? first.text : subject,
    brand: intl.formatMessage(m.brand),
    greeting: frame.displayName ? intl.formatMessage(m.greetingNamed, { name: frame.displayName }) : intl.formatMessage(m.greeting),
    blocks,
    footer: [...(footerQuestions ? [intl.formatMessage(m.questions, { supportEmail: frame.supportEmail })] : []), intl.formatMessage(m.automated, { email: frame.to })],
  };
  return renderEmailContent(content);
}

/** The button and the written-out link under it. */
export function action(intl: EmailIntl, label: string, url: string): EmailBlock {
  return { kind: 'action', label, url, fallback: intl.formatMessage(m.linkFallback) };
}

const paragraph = (text: string): EmailBlock => ({ kind: 'paragraph', text });

// ---- Account links: activation and password reset -------------------------------------------

/** Emails the account core sends. Rendered on the server in the recipient's language. */
export type EmailTemplate = 'activation' | 'buyerActivation' | 'passwordReset';

export interface EmailVars {
  /** The recipient's address (named in the footer). */
  to: string;
  displayName: string;
  loginId: string;
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
  supportEmail: string;
}

export function renderEmail(template: EmailTemplate, language: Language, v: EmailVars): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => {
    const validity = paragraph(intl.formatMessage(m.linkOnceHours, { validHours: v.validHours }));
    switch (template) {
      case 'activation':
        return {
          subject: intl.formatMessage(m.activationSubject),
          blocks: [
            paragraph(intl.formatMessage(m.activationBody, { loginId: v.loginId })),
            action(intl, intl.formatMessage(m.activationAction), v.link),
            validity,
            paragraph(intl.formatMessage(m.activationIgnore)),
          ],
        };
      case 'buyerActivation':
        return {
          subject: intl.formatMessage(m.buyerActivationSubject),
          blocks: [paragraph(intl.formatMessage(m.buyerActivationBody, { loginId: v.loginId })), action(intl, intl.formatMessage(m.activationAction), v.link), validity],
        };
      case 'passwordReset':
        return {
          subject: intl.formatMessage(m.passwordResetSubject),
          blocks: [
            paragraph(intl.formatMessage(m.passwordResetBody, { loginId: v.loginId })),
            action(intl, intl.formatMessage(m.passwordResetAction), v.link),
            validity,
            paragraph(intl.formatMessage(m.passwordResetIgnore)),
          ],
        };
    }
  });
}

// ---- Family ---------------------------------------------------------------------------------

/** The family invitation (POST /api/family/invite), in the invited account's language, else the inviting admin's page language. */
export interface FamilyInvitationVars {
  to: string;
  /** The inviting admin's nickname in the family. */
  inviterName: string;
  familyName: string;
  /** The join link; opening it prefills the join form. */
  link: string;
  familyRef: string;
  code: string;
  adminEmail: string;
  /** When the code stops working. */
  expiresAt: Date;
  supportEmail: string;
}

export function renderFamilyInvitation(language: Language, v: FamilyInvitationVars): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => {
    const names = { inviterName: v.inviterName, familyName: v.familyName };
    return {
      subject: intl.formatMessage(m.familyInvitationSubject, names),
      blocks: [
        paragraph(intl.formatMessage(m.familyInvitationBody, names)),
        action(intl, intl.formatMessage(m.familyInvitationAction), v.link),
        paragraph(intl.formatMessage(m.familyInvitationManual)),
        {
          kind: 'facts',
          rows: [
            intl.formatMessage(m.labelled, { label: intl.formatMessage(m.familyInvitationAdminEmail), value: v.adminEmail }),
            intl.formatMessage(m.labelled, { label: intl.formatMessage(m.familyInvitationFamilyRef), value: v.familyRef }),
            intl.formatMessage(m.labelled, { label: intl.formatMessage(m.familyInvitationCode), value: v.code }),
          ],
        },
        paragraph(intl.formatMessage(m.familyInvitationExpires, { expiresAt: v.expiresAt })),
        paragraph(intl.formatMessage(m.familyInvitationIgnore)),
      ],
    };
  });
}

// ---- Newsletter subscriptions ---------------------------------------------------------------

/** The public newsletter subscription's confirmation (POST /api/email-subscriptions). */
export interface SubscriptionConfirmationVars {
  to: string;
  /** The confirmation link; following it subscribes. */
  link: string;
  /** The services asked for (ids of contract's services). */
  services: readonly string[];
  /** How long the link works, in hours. */
  validHours: number;
  supportEmail: string;
}

/** The same wording as the screens' `activation.service.*` messages. */
const SERVICE_NAMES: Record<string, MailMessageDescriptor> = {
  edPost: m.serviceEdPost,
  teacherInfo: m.serviceTeacherInfo,
  parentInfo: m.serviceParentInfo,
  studentInfo: m.serviceStudentInfo,
  DoNotCall: m.serviceDoNotCall,
};

function serviceNames(intl: EmailIntl, services: readonly string[]): string[] {
  if (services.length === 0) return [intl.formatMessage(m.serviceNone)];
  return services.map((service) => {
    const name = SERVICE_NAMES[service];
    return name ? intl.formatMessage(name) : service;
  });
}

export function renderSubscriptionConfirmation(language: Language, v: SubscriptionConfirmationVars): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => ({
    subject: intl.formatMessage(m.subscriptionSubject),
    blocks: [
      paragraph(intl.formatMessage(m.subscriptionBody)),
      { kind: 'list', items: serviceNames(intl, v.services) },
      paragraph(intl.formatMessage(m.subscriptionConfirm)),
      action(intl, intl.formatMessage(m.subscriptionAction), v.link),
      paragraph(intl.formatMessage(m.linkOnceHours, { validHours: v.validHours })),
      paragraph(intl.formatMessage(m.subscriptionIgnore)),
    ],
  }));
}

/** A subscription change asked for on the basic profile (PUT /api/profile/basic). */
export interface ProfileSubscriptionVars extends SubscriptionConfirmationVars {
  displayName: string;
  loginId: string;
}

export function renderProfileSubscriptionConfirmation(language: Language, v: ProfileSubscriptionVars): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => ({
    subject: intl.formatMessage(m.profileSubscriptionSubject),
    blocks: [
      paragraph(intl.formatMessage(m.profileSubscriptionBody, { loginId: v.loginId })),
      { kind: 'list', items: serviceNames(intl, v.services) },
      paragraph(intl.formatMessage(m.profileSubscriptionConfirm)),
      action(intl, intl.formatMessage(m.profileSubscriptionAction), v.link),
      paragraph(intl.formatMessage(m.linkOnceHours, { validHours: v.validHours })),
      paragraph(intl.formatMessage(m.profileSubscriptionUntil)),
    ],
  }));
}

// ---- Email changes (docs/decisions/verification-server.md) -----------------------------------

/** The link confirming a new login, contact or teacher email, sent to the new address. */
export interface EmailChangeLinkVars {
  kind: 'login' | 'contact' | 'teacher';
  loginId: string;
  /** The new address (the recipient). */
  email: string;
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
  supportEmail: string;
}

export function renderEmailChangeLink(language: Language, v: EmailChangeLinkVars): Promise<RenderedEmail> {
  return composeEmail(language, { to: v.email, supportEmail: v.supportEmail }, (intl) => ({
    subject: intl.formatMessage(m.emailChangeSubject, { kind: v.kind }),
    blocks: [
      paragraph(intl.formatMessage(m.emailChangeBody, { kind: v.kind, loginId: v.loginId, email: v.email })),
      action(intl, intl.formatMessage(m.emailChangeAction), v.link),
      paragraph(intl.formatMessage(m.linkOnceHours, { validHours: v.validHours })),
      paragraph(intl.formatMessage(m.emailChangeIgnore)),
    ],
  }));
}

/**
 * The SMS carrying a mobile verification code: short, the code first, no link (not an email). Its
 * text is a message like the emails' (`mail.sms.mobileCode`, in the three locale files), written in
 * the account's language (issue 26, item 7: server/domain/recipient-language.ts).
 */
export async function renderMobileCodeSms(language: Language, vars: { code: string; validMinutes: number }): Promise<string> {
  const intl = await emailIntl(language);
  return intl.formatMessage(m.smsMobileCode, { code: vars.code, validMinutes: vars.validMinutes });
}

// ---- Codes and links of sign-in and upgrades ------------------------------------------------

/** The one-time password email (POST /auth/otp/send), in the account's language. */
export interface OtpEmailVars {
  to: string;
  displayName: string;
  loginId: string;
  code: string;
  validMinutes: number;
  supportEmail: string;
}

export function renderOtpEmail(language: Language, v: OtpEmailVars): Promise<RenderedEmail> {
  return renderCodeEmail(language, v, [m.otpSubject, m.otpIntro, m.otpUse, m.otpIgnore]);
}

/**
 * An emailed code: its subject, a line before the code, the code, where to type it (`{loginId}`), how
 * long it works, what to do if it was not asked for (`{supportEmail}`).
 */
function renderCodeEmail(
  language: Language,
  v: { to: string; loginId: string; code: string; validMinutes: number; supportEmail: string; displayName?: string },
  [subject, intro, use, ignore]: readonly [MailMessageDescriptor, MailMessageDescriptor, MailMessageDescriptor, MailMessageDescriptor],
): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => ({
    subject: intl.formatMessage(subject),
    blocks: [
      paragraph(intl.formatMessage(intro)),
      { kind: 'code', code: v.code },
      paragraph(intl.formatMessage(use, { loginId: v.loginId })),
      paragraph(intl.formatMessage(m.codeOnceMinutes, { validMinutes: v.validMinutes })),
      paragraph(intl.formatMessage(ignore, { supportEmail: v.supportEmail })),
    ],
    footerQuestions: false,
  }));
}

/** The step-up dialog's emailed code (POST /api/profile/step-up/email-code/send), in the account's language. */
export interface StepUpCodeEmailVars {
  to: string;
  loginId: string;
  code: string;
  validMinutes: number;
  supportEmail: string;
}

export function renderStepUpCodeEmail(language: Language, v: StepUpCodeEmailVars): Promise<RenderedEmail> {
  return renderCodeEmail(language, v, [m.stepUpCodeSubject, m.stepUpCodeIntro, m.stepUpCodeUse, m.stepUpCodeIgnore]);
}

/** The two-factor confirmation link of a school administrator's login (issue 9). */
export interface MfaLinkVars {
  to: string;
  loginId: string;
  link: string;
  /** When the link (and the pending sign-in) stops working. */
  expiresAt: Date;
  supportEmail: string;
}

export function renderMfaLink(language: Language, v: MfaLinkVars): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => ({
    subject: intl.formatMessage(m.mfaSubject),
    blocks: [
      paragraph(intl.formatMessage(m.mfaBody, { loginId: v.loginId })),
      action(intl, intl.formatMessage(m.mfaAction), v.link),
      paragraph(intl.formatMessage(m.mfaExpires, { expiresAt: v.expiresAt })),
      paragraph(intl.formatMessage(m.mfaIgnore)),
    ],
  }));
}

/** The code of an upgrade's email step (POST /api/upgrades/email), in the account's language. */
export interface UpgradeCodeEmailVars {
  to: string;
  displayName: string;
  code: string;
  validMinutes: number;
  supportEmail: string;
}

export function renderUpgradeCodeEmail(language: Language, v: UpgradeCodeEmailVars): Promise<RenderedEmail> {
  return composeEmail(language, v, (intl) => ({
    subject: intl.formatMessage(m.upgradeCodeSubject),
    blocks: [
      paragraph(intl.formatMessage(m.upgradeCodeIntro)),
      { kind: 'code', code: v.code },
      paragraph(intl.formatMessage(m.upgradeCodeUse)),
      paragraph(intl.formatMessage(m.codeOnceMinutes, { validMinutes: v.validMinutes })),
      paragraph(intl.formatMessage(m.upgradeCodeIgnore)),
    ],
  }));
}
