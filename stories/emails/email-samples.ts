import type { Language } from '../../contract/index.ts';
import { digitCodeFrom, emailLink, familyJoinLink, familyRefFrom, tokenFrom, type Draw, type EmailPage } from '../../server/domain/email-links.ts';
import { renderSecurityEmail, SECURITY_EMAIL_KINDS, type SecurityEmailKind } from '../../server/mail/security-templates.ts';
import {
  type RenderedEmail,
  renderEmail,
  renderEmailChangeLink,
  renderFamilyInvitation,
  renderMfaLink,
  renderOtpEmail,
  renderStepUpCodeEmail,
  renderProfileSubscriptionConfirmation,
  renderSubscriptionConfirmation,
  renderUpgradeCodeEmail,
} from '../../server/mail/templates.ts';

/**
 * Every email the portal sends, with the data that shapes its layout, for the stories
 * (stories/emails/) and the server specs (test/server/emails/): both render through the same
 * server/mail composition as the outbox rows.
 */
export const BASE = 'https://portal.example.hk';
export const SUPPORT = 'help@portal.example.hk';
/** 2026-11-26 23:05 in Hong Kong. */
export const SAMPLE_TIME = new Date('2026-11-26T15:05:00Z');

export interface EmailSample {
  /** The button's link, written out in both parts; absent for emails carrying a code. */
  link?: (lang: Language) => string;
  /** A code the reader types, shown in both parts. */
  code?: string;
  /** Whether the email tells a time (then in Hong Kong time, labelled). */
  tellsTime: boolean;
  render: (lang: Language) => Promise<RenderedEmail>;
}

const to = 'chan.tai.man@example.com';

/** `randomInt`'s stand-in for the samples: the same sequence every time (a 32-bit LCG, its high bits). */
function fixedDraw(seed: number): Draw {
  let state = seed;
  return (below) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return Math.floor((state / 2 ** 32) * below);
  };
}

/**
 * The invitation's family reference, code and join link, by the server's own builders
 * (server/domain/email-links.ts, what inviteToFamily sends): an 8-character reference, a six-digit
 * code, `/{lang}/profile/family?join=1&…`.
 */
const draw = fixedDraw(2026);
const invitation = { familyRef: familyRefFrom(draw), code: digitCodeFrom(draw), adminEmail: 'parent@example.com' };
/** The one-time password and the upgrade's email code, as randomDigitCode draws them. */
const otpCode = digitCodeFrom(draw);
const upgradeCode = digitCodeFrom(draw);

/** An email's button link by the server's builder, with a token of the server's shape (`?code=` or `?token=`, as each email's sender writes it). */
function link(page: EmailPage, param?: 'code' | 'token'): (lang: Language) => string {
  const query = param ? { [param]: tokenFrom(draw) } : {};
  return (lang) => emailLink(BASE, lang, page, query);
}

/** Each email's button link, one token each (the story and the email show the same). */
const links = {
  activation: link('activation', 'code'),
  buyerActivation: link('buyerActivation', 'code'),
  passwordReset: link('passwordReset', 'token'),
  subscription: link('subscription', 'token'),
  profileSubscription: link('subscription', 'token'),
  loginEmail: link('loginEmail', 'token'),
  contactEmail: link('contactEmail', 'token'),
  teacherEmail: link('teacherEmail', 'token'),
  mfa: link('mfa', 'code'),
};

function security(kind: SecurityEmailKind): EmailSample {
  return {
    link: link('forgotPassword'),
    tellsTime: true,
    render: (lang) =>
      renderSecurityEmail(kind, lang, {
        to,
        loginId: 'chantaiman01',
        at: SAMPLE_TIME,
        browser: 'Chrome 131',
        system: 'Windows 10',
        provider: 'Google',
        maskedEmail: 'c***@example.org',
        securityLink: emailLink(BASE, lang, 'security'),
        resetLink: emailLink(BASE, lang, 'forgotPassword'),
        supportEmail: SUPPORT,
      }),
  };
}

const securitySamples = Object.fromEntries(SECURITY_EMAIL_KINDS.map((kind) => [`security.${kind}`, security(kind)])) as Record<`security.${SecurityEmailKind}`, EmailSample>;

export const EMAIL_SAMPLES = {
  activation: {
    link: links.activation,
    tellsTime: false,
    render: (lang) =>
      renderEmail('activation', lang, { to, displayName: '陳大文 Chan Tai Man', loginId: 'chantaiman01', link: links.activation(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  buyerActivation: {
    link: links.buyerActivation,
    tellsTime: false,
    render: (lang) =>
      renderEmail('buyerActivation', lang, { to, displayName: 'Wong Siu Ming', loginId: 'buyer_wong', link: links.buyerActivation(lang), validHours: 72, supportEmail: SUPPORT }),
  },
  passwordReset: {
    link: links.passwordReset,
    tellsTime: false,
    render: (lang) =>
      renderEmail('passwordReset', lang, { to, displayName: '陳大文', loginId: 'chantaiman01', link: links.passwordReset(lang), validHours: 1, supportEmail: SUPPORT }),
  },
  familyInvitation: {
    link: (lang) => familyJoinLink(BASE, lang, invitation),
    code: invitation.code,
    tellsTime: true,
    render: (lang) =>
      renderFamilyInvitation(lang, {
        to,
        inviterName: '陳媽媽',
        familyName: '陳家 The Chans',
        link: familyJoinLink(BASE, lang, invitation),
        ...invitation,
        expiresAt: SAMPLE_TIME,
        supportEmail: SUPPORT,
      }),
  },
  subscription: {
    link: links.subscription,
    tellsTime: false,
    render: (lang) =>
      renderSubscriptionConfirmation(lang, { to, link: links.subscription(lang), services: ['edPost', 'parentInfo'], validHours: 24, supportEmail: SUPPORT }),
  },
  profileSubscription: {
    link: links.profileSubscription,
    tellsTime: false,
    render: (lang) =>
      renderProfileSubscriptionConfirmation(lang, {
        to,
        displayName: '陳大文',
        loginId: 'chantaiman01',
        link: links.profileSubscription(lang),
        services: [],
        validHours: 24,
        supportEmail: SUPPORT,
      }),
  },
  loginEmailLink: {
    link: links.loginEmail,
    tellsTime: false,
    render: (lang) =>
      renderEmailChangeLink(lang, { kind: 'login', loginId: 'chantaiman01', email: to, link: links.loginEmail(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  contactEmailLink: {
    link: links.contactEmail,
    tellsTime: false,
    render: (lang) =>
      renderEmailChangeLink(lang, { kind: 'contact', loginId: 'chantaiman01', email: to, link: links.contactEmail(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  teacherEmailLink: {
    link: links.teacherEmail,
    tellsTime: false,
    render: (lang) =>
      renderEmailChangeLink(lang, { kind: 'teacher', loginId: 'teacher_ho', email: 'ho.teacher@school.edu.hk', link: links.teacherEmail(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  otp: {
    code: otpCode,
    tellsTime: false,
    render: (lang) => renderOtpEmail(lang, { to, displayName: '陳大文', loginId: 'chantaiman01', code: otpCode, validMinutes: 10, supportEmail: SUPPORT }),
  },
  stepUpCode: {
    code: '305817',
    tellsTime: false,
    render: (lang) => renderStepUpCodeEmail(lang, { to, loginId: 'chantaiman01', code: '305817', validMinutes: 10, supportEmail: SUPPORT }),
  },
  mfa: {
    link: links.mfa,
    tellsTime: true,
    render: (lang) => renderMfaLink(lang, { to, loginId: 'school_admin01', link: links.mfa(lang), expiresAt: SAMPLE_TIME, supportEmail: SUPPORT }),
  },
  upgradeCode: {
    code: upgradeCode,
    tellsTime: false,
    render: (lang) => renderUpgradeCodeEmail(lang, { to, displayName: 'Chan Siu Ling', code: upgradeCode, validMinutes: 1, supportEmail: SUPPORT }),
  },
  ...securitySamples,
} satisfies Record<string, EmailSample>;

export type EmailName = keyof typeof EMAIL_SAMPLES;
export const EMAIL_NAMES = Object.keys(EMAIL_SAMPLES) as EmailName[];
