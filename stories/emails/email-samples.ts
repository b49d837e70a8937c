import type { Language } from '../../contract/index.ts';
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
const link = (path: string) => (lang: Language) => `${BASE}/${lang}/${path}`;

function security(kind: SecurityEmailKind): EmailSample {
  return {
    link: link('forget-password'),
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
        securityLink: `${BASE}/${lang}/profile/security`,
        resetLink: `${BASE}/${lang}/forget-password`,
        supportEmail: SUPPORT,
      }),
  };
}

const securitySamples = Object.fromEntries(SECURITY_EMAIL_KINDS.map((kind) => [`security.${kind}`, security(kind)])) as Record<`security.${SecurityEmailKind}`, EmailSample>;

export const EMAIL_SAMPLES = {
  activation: {
    link: link('user-activate?code=Zm9vYmFyYmF6'),
    tellsTime: false,
    render: (lang) =>
      renderEmail('activation', lang, { to, displayName: '陳大文 Chan Tai Man', loginId: 'chantaiman01', link: link('user-activate?code=Zm9vYmFyYmF6')(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  buyerActivation: {
    link: link('buyer-activate?code=YnV5ZXJjb2Rl'),
    tellsTime: false,
    render: (lang) =>
      renderEmail('buyerActivation', lang, { to, displayName: 'Wong Siu Ming', loginId: 'buyer_wong', link: link('buyer-activate?code=YnV5ZXJjb2Rl')(lang), validHours: 72, supportEmail: SUPPORT }),
  },
  passwordReset: {
    link: link('reset-password?token=cmVzZXR0b2tlbg'),
    tellsTime: false,
    render: (lang) =>
      renderEmail('passwordReset', lang, { to, displayName: '陳大文', loginId: 'chantaiman01', link: link('reset-password?token=cmVzZXR0b2tlbg')(lang), validHours: 1, supportEmail: SUPPORT }),
  },
  familyInvitation: {
    link: link('family/join?familyRef=482913&code=K7Q2MZ&adminEmail=parent%40example.com'),
    code: 'K7Q2MZ',
    tellsTime: true,
    render: (lang) =>
      renderFamilyInvitation(lang, {
        to,
        inviterName: '陳媽媽',
        familyName: '陳家 The Chans',
        link: link('family/join?familyRef=482913&code=K7Q2MZ&adminEmail=parent%40example.com')(lang),
        familyRef: '482913',
        code: 'K7Q2MZ',
        adminEmail: 'parent@example.com',
        expiresAt: SAMPLE_TIME,
        supportEmail: SUPPORT,
      }),
  },
  subscription: {
    link: link('subscriptions/verify?token=c3Vic2NyaWJl'),
    tellsTime: false,
    render: (lang) =>
      renderSubscriptionConfirmation(lang, { to, link: link('subscriptions/verify?token=c3Vic2NyaWJl')(lang), services: ['edPost', 'parentInfo'], validHours: 24, supportEmail: SUPPORT }),
  },
  profileSubscription: {
    link: link('subscriptions/verify?token=cHJvZmlsZQ'),
    tellsTime: false,
    render: (lang) =>
      renderProfileSubscriptionConfirmation(lang, {
        to,
        displayName: '陳大文',
        loginId: 'chantaiman01',
        link: link('subscriptions/verify?token=cHJvZmlsZQ')(lang),
        services: [],
        validHours: 24,
        supportEmail: SUPPORT,
      }),
  },
  loginEmailLink: {
    link: link('login-emails/verify?token=bG9naW5lbWFpbA'),
    tellsTime: false,
    render: (lang) =>
      renderEmailChangeLink(lang, { kind: 'login', loginId: 'chantaiman01', email: to, link: link('login-emails/verify?token=bG9naW5lbWFpbA')(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  contactEmailLink: {
    link: link('contact-emails/verify?token=Y29udGFjdA'),
    tellsTime: false,
    render: (lang) =>
      renderEmailChangeLink(lang, { kind: 'contact', loginId: 'chantaiman01', email: to, link: link('contact-emails/verify?token=Y29udGFjdA')(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  teacherEmailLink: {
    link: link('teacher-auths/verify?token=dGVhY2hlcg'),
    tellsTime: false,
    render: (lang) =>
      renderEmailChangeLink(lang, { kind: 'teacher', loginId: 'teacher_ho', email: 'ho.teacher@school.edu.hk', link: link('teacher-auths/verify?token=dGVhY2hlcg')(lang), validHours: 24, supportEmail: SUPPORT }),
  },
  otp: {
    code: '482913',
    tellsTime: false,
    render: (lang) => renderOtpEmail(lang, { to, displayName: '陳大文', loginId: 'chantaiman01', code: '482913', validMinutes: 10, supportEmail: SUPPORT }),
  },
  stepUpCode: {
    code: '305817',
    tellsTime: false,
    render: (lang) => renderStepUpCodeEmail(lang, { to, loginId: 'chantaiman01', code: '305817', validMinutes: 10, supportEmail: SUPPORT }),
  },
  mfa: {
    link: link('login-emails/mfa-verify?code=bWZhY29kZQ'),
    tellsTime: true,
    render: (lang) => renderMfaLink(lang, { to, loginId: 'school_admin01', link: link('login-emails/mfa-verify?code=bWZhY29kZQ')(lang), expiresAt: SAMPLE_TIME, supportEmail: SUPPORT }),
  },
  upgradeCode: {
    code: '739120',
    tellsTime: false,
    render: (lang) => renderUpgradeCodeEmail(lang, { to, displayName: 'Chan Siu Ling', code: '739120', validMinutes: 1, supportEmail: SUPPORT }),
  },
  ...securitySamples,
} satisfies Record<string, EmailSample>;

export type EmailName = keyof typeof EMAIL_SAMPLES;
export const EMAIL_NAMES = Object.keys(EMAIL_SAMPLES) as EmailName[];
