import type { Language } from '../../contract/index.ts';

/** Emails the account core sends. Rendered on the server in the recipient's language. */
export type EmailTemplate = 'activation' | 'buyerActivation' | 'passwordReset';

export interface EmailVars {
  displayName: string;
  loginId: string;
  link: string;
  /** How long the link works, in hours. */
  validHours: number;
  supportEmail: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
}

type Texts = Record<EmailTemplate, (v: EmailVars) => RenderedEmail>;

const TEXTS: Record<Language, Texts> = {
  zh_hant: {
    activation: (v) => ({
      subject: '啟用你的教育平台帳戶',
      text: `${v.displayName}，你好：\n\n多謝你登記教育平台帳戶（登入名稱：${v.loginId}）。請按以下連結設定密碼並啟用帳戶：\n\n${v.link}\n\n連結於 ${v.validHours} 小時內有效，只可使用一次。如你沒有登記，請忽略本郵件。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
    }),
    buyerActivation: (v) => ({
      subject: '啟用你的學校採購帳戶',
      text: `${v.displayName}，你好：\n\n已為你建立學校採購帳戶（登入名稱：${v.loginId}）。請按以下連結設定密碼並啟用帳戶：\n\n${v.link}\n\n連結於 ${v.validHours} 小時內有效，只可使用一次。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
    }),
    passwordReset: (v) => ({
      subject: '重設你的教育平台密碼',
      text: `${v.displayName}，你好：\n\n我們收到重設帳戶（登入名稱：${v.loginId}）密碼的要求。請按以下連結設定新密碼：\n\n${v.link}\n\n連結於 ${v.validHours} 小時內有效，只可使用一次。如你沒有提出要求，請忽略本郵件，你的密碼不會改變。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
    }),
  },
  en: {
    activation: (v) => ({
      subject: 'Activate your education platform account',
      text: `Dear ${v.displayName},\n\nThank you for registering an education platform account (login ID: ${v.loginId}). Follow this link to set your password and activate the account:\n\n${v.link}\n\nThe link works once, within ${v.validHours} hours. If you did not register, please ignore this email.\n\nQuestions? Write to ${v.supportEmail}.`,
    }),
    buyerActivation: (v) => ({
      subject: 'Activate your school purchaser account',
      text: `Dear ${v.displayName},\n\nA school purchaser account has been created for you (login ID: ${v.loginId}). Follow this link to set your password and activate the account:\n\n${v.link}\n\nThe link works once, within ${v.validHours} hours.\n\nQuestions? Write to ${v.supportEmail}.`,
    }),
    passwordReset: (v) => ({
      subject: 'Reset your education platform password',
      text: `Dear ${v.displayName},\n\nWe received a request to reset the password of your account (login ID: ${v.loginId}). Follow this link to choose a new password:\n\n${v.link}\n\nThe link works once, within ${v.validHours} hours. If you did not ask for this, ignore this email: your password stays the same.\n\nQuestions? Write to ${v.supportEmail}.`,
    }),
  },
  zh_hans: {
    activation: (v) => ({
      subject: '激活你的教育平台账户',
      text: `${v.displayName}，你好：\n\n感谢你注册教育平台账户（登录名称：${v.loginId}）。请点击以下链接设置密码并激活账户：\n\n${v.link}\n\n链接在 ${v.validHours} 小时内有效，只可使用一次。如你没有注册，请忽略本邮件。\n\n如有疑问，请联系 ${v.supportEmail}。`,
    }),
    buyerActivation: (v) => ({
      subject: '激活你的学校采购账户',
      text: `${v.displayName}，你好：\n\n已为你创建学校采购账户（登录名称：${v.loginId}）。请点击以下链接设置密码并激活账户：\n\n${v.link}\n\n链接在 ${v.validHours} 小时内有效，只可使用一次。\n\n如有疑问，请联系 ${v.supportEmail}。`,
    }),
    passwordReset: (v) => ({
      subject: '重设你的教育平台密码',
      text: `${v.displayName}，你好：\n\n我们收到重设账户（登录名称：${v.loginId}）密码的请求。请点击以下链接设置新密码：\n\n${v.link}\n\n链接在 ${v.validHours} 小时内有效，只可使用一次。如你没有提出请求，请忽略本邮件，你的密码不会改变。\n\n如有疑问，请联系 ${v.supportEmail}。`,
    }),
  },
};

export function renderEmail(template: EmailTemplate, language: Language, vars: EmailVars): RenderedEmail {
  return TEXTS[language][template](vars);
}

/** The family invitation (POST /api/family/invite), in the language the inviting admin uses. */
export interface FamilyInvitationVars {
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

const DATE_LOCALES: Record<Language, string> = { zh_hant: 'zh-Hant-HK', en: 'en-HK', zh_hans: 'zh-Hans-CN' };

/** Dates in emails are Hong Kong time, where the platform's people are. */
function formatEmailDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(date);
}

const FAMILY_INVITATION: Record<Language, (v: FamilyInvitationVars, expires: string) => RenderedEmail> = {
  zh_hant: (v, expires) => ({
    subject: `${v.inviterName} 邀請你加入家庭「${v.familyName}」`,
    text: `你好：\n\n${v.inviterName} 邀請你在教育平台加入家庭「${v.familyName}」。請登入後按以下連結提出加入申請，申請表會自動填妥：\n\n${v.link}\n\n你也可以在「家庭」頁面自行輸入：\n管理員電郵：${v.adminEmail}\n家庭編號：${v.familyRef}\n驗證碼：${v.code}\n\n驗證碼於 ${expires}（香港時間）前有效。如你不認識邀請人，請忽略本郵件。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
  }),
  en: (v, expires) => ({
    subject: `${v.inviterName} invites you to join the family "${v.familyName}"`,
    text: `Hello,\n\n${v.inviterName} invites you to join the family "${v.familyName}" on the education platform. Log in and follow this link to send a join request; the form is filled in for you:\n\n${v.link}\n\nOr enter these on the Family page yourself:\nAdmin email: ${v.adminEmail}\nFamily reference number: ${v.familyRef}\nCode: ${v.code}\n\nThe code works until ${expires} (Hong Kong time). If you do not know the sender, please ignore this email.\n\nQuestions? Write to ${v.supportEmail}.`,
  }),
  zh_hans: (v, expires) => ({
    subject: `${v.inviterName} 邀请你加入家庭「${v.familyName}」`,
    text: `你好：\n\n${v.inviterName} 邀请你在教育平台加入家庭「${v.familyName}」。请登录后点击以下链接提交加入申请，申请表会自动填好：\n\n${v.link}\n\n你也可以在「家庭」页面自行输入：\n管理员电邮：${v.adminEmail}\n家庭编号：${v.familyRef}\n验证码：${v.code}\n\n验证码在 ${expires}（香港时间）前有效。如你不认识邀请人，请忽略本邮件。\n\n如有疑问，请联系 ${v.supportEmail}。`,
  }),
};

export function renderFamilyInvitation(language: Language, vars: FamilyInvitationVars): RenderedEmail {
  return FAMILY_INVITATION[language](vars, formatEmailDate(vars.expiresAt, language));
}

/** The public newsletter subscription's confirmation (POST /api/email-subscriptions). */
export interface SubscriptionConfirmationVars {
  /** The confirmation link; following it subscribes. */
  link: string;
  /** The services asked for, as the recipient reads them. */
  services: readonly string[];
  /** How long the link works, in hours. */
  validHours: number;
  supportEmail: string;
}

/** The same wording as the screens' `activation.service.*` messages. */
const SERVICE_NAMES: Record<Language, Record<string, string>> = {
  zh_hant: { edPost: 'EdPost：教育平台最新消息', teacherInfo: '教師資訊', parentInfo: '家長資訊', studentInfo: '學生資訊', DoNotCall: '請勿致電向我提供推廣資訊' },
  en: {
    edPost: 'EdPost: news of the education platform',
    teacherInfo: 'Information for teachers',
    parentInfo: 'Information for parents',
    studentInfo: 'Information for students',
    DoNotCall: 'Do not call me with promotional information',
  },
  zh_hans: { edPost: 'EdPost：教育平台最新消息', teacherInfo: '教师信息', parentInfo: '家长信息', studentInfo: '学生信息', DoNotCall: '请勿致电向我提供推广信息' },
};

const SUBSCRIPTION_CONFIRMATION: Record<Language, (v: SubscriptionConfirmationVars, services: string) => RenderedEmail> = {
  zh_hant: (v, services) => ({
    subject: '確認訂閱教育平台電子通訊',
    text: `你好：\n\n我們收到以此電郵地址訂閱以下服務的要求：\n${services}\n\n請按以下連結確認訂閱：\n\n${v.link}\n\n連結於 ${v.validHours} 小時內有效，只可使用一次。如你沒有提出要求，請忽略本郵件，你不會收到任何通訊。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
  }),
  en: (v, services) => ({
    subject: 'Confirm your education platform newsletter subscription',
    text: `Hello,\n\nWe received a request to subscribe this email address to:\n${services}\n\nFollow this link to confirm the subscription:\n\n${v.link}\n\nThe link works once, within ${v.validHours} hours. If you did not ask for this, ignore this email: you will not be subscribed.\n\nQuestions? Write to ${v.supportEmail}.`,
  }),
  zh_hans: (v, services) => ({
    subject: '确认订阅教育平台电子通讯',
    text: `你好：\n\n我们收到以此电邮地址订阅以下服务的请求：\n${services}\n\n请点击以下链接确认订阅：\n\n${v.link}\n\n链接在 ${v.validHours} 小时内有效，只可使用一次。如你没有提出请求，请忽略本邮件，你不会收到任何通讯。\n\n如有疑问，请联系 ${v.supportEmail}。`,
  }),
};

export function renderSubscriptionConfirmation(language: Language, vars: SubscriptionConfirmationVars): RenderedEmail {
  const services = vars.services.map((service) => `- ${SERVICE_NAMES[language][service] ?? service}`).join('\n');
  return SUBSCRIPTION_CONFIRMATION[language](vars, services);
}

/** A subscription change asked for on the basic profile (PUT /api/profile/basic). */
export interface ProfileSubscriptionVars extends SubscriptionConfirmationVars {
  displayName: string;
  loginId: string;
}

const NO_SERVICES: Record<Language, string> = { zh_hant: '（不訂閱任何服務）', en: '(no services: unsubscribe from all)', zh_hans: '（不订阅任何服务）' };

const PROFILE_SUBSCRIPTION: Record<Language, (v: ProfileSubscriptionVars, services: string) => RenderedEmail> = {
  zh_hant: (v, services) => ({
    subject: '確認更改你的教育平台訂閱',
    text: `${v.displayName}，你好：\n\n你的帳戶（登入名稱：${v.loginId}）要求把電子通訊訂閱改為：\n${services}\n\n請按以下連結確認更改：\n\n${v.link}\n\n連結於 ${v.validHours} 小時內有效，只可使用一次；確認前，你現有的訂閱維持不變。如你沒有提出要求，請忽略本郵件。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
  }),
  en: (v, services) => ({
    subject: 'Confirm the change to your education platform subscriptions',
    text: `Dear ${v.displayName},\n\nYour account (login ID: ${v.loginId}) asked to change its newsletter subscriptions to:\n${services}\n\nFollow this link to confirm the change:\n\n${v.link}\n\nThe link works once, within ${v.validHours} hours; until then your current subscriptions stay as they are. If you did not ask for this, ignore this email.\n\nQuestions? Write to ${v.supportEmail}.`,
  }),
  zh_hans: (v, services) => ({
    subject: '确认更改你的教育平台订阅',
    text: `${v.displayName}，你好：\n\n你的账户（登录名称：${v.loginId}）请求把电子通讯订阅改为：\n${services}\n\n请点击以下链接确认更改：\n\n${v.link}\n\n链接在 ${v.validHours} 小时内有效，只可使用一次；确认前，你现有的订阅维持不变。如你没有提出请求，请忽略本邮件。\n\n如有疑问，请联系 ${v.supportEmail}。`,
  }),
};

export function renderProfileSubscriptionConfirmation(language: Language, vars: ProfileSubscriptionVars): RenderedEmail {
  const services =
    vars.services.length > 0 ? vars.services.map((service) => `- ${SERVICE_NAMES[language][service] ?? service}`).join('\n') : `- ${NO_SERVICES[language]}`;
  return PROFILE_SUBSCRIPTION[language](vars, services);
}

// ---- Email changes and mobile codes (docs/decisions/verification-server.md) -------------------

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

const EMAIL_KIND_NAMES: Record<Language, Record<EmailChangeLinkVars['kind'], string>> = {
  zh_hant: { login: '登入電郵', contact: '聯絡電郵', teacher: '教師電郵' },
  en: { login: 'login email', contact: 'contact email', teacher: 'teacher email' },
  zh_hans: { login: '登录电邮', contact: '联络电邮', teacher: '教师电邮' },
};

const EMAIL_CHANGE_LINK: Record<Language, (v: EmailChangeLinkVars, what: string) => RenderedEmail> = {
  zh_hant: (v, what) => ({
    subject: `確認你的教育平台${what}`,
    text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）要求把${what}改為 ${v.email}。請按以下連結確認：\n\n${v.link}\n\n連結於 ${v.validHours} 小時內有效，只可使用一次；按下連結前，${what}不會改變。如你沒有提出要求，請忽略本郵件。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
  }),
  en: (v, what) => ({
    subject: `Confirm your education platform ${what}`,
    text: `Hello,\n\nThe education platform account with login ID ${v.loginId} asked to use ${v.email} as its ${what}. Follow this link to confirm:\n\n${v.link}\n\nThe link works once, within ${v.validHours} hours; nothing changes until it is followed. If you did not ask for this, please ignore this email.\n\nQuestions? Write to ${v.supportEmail}.`,
  }),
  zh_hans: (v, what) => ({
    subject: `确认你的教育平台${what}`,
    text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）请求把${what}改为 ${v.email}。请点击以下链接确认：\n\n${v.link}\n\n链接在 ${v.validHours} 小时内有效，只可使用一次；点击链接前，${what}不会改变。如你没有提出请求，请忽略本邮件。\n\n如有疑问，请联系 ${v.supportEmail}。`,
  }),
};

export function renderEmailChangeLink(language: Language, vars: EmailChangeLinkVars): RenderedEmail {
  return EMAIL_CHANGE_LINK[language](vars, EMAIL_KIND_NAMES[language][vars.kind]);
}

/** The notice to the previous login email once a new one is confirmed: a security event, no link. */
export interface LoginEmailChangedVars {
  loginId: string;
  /** The new login email, partly hidden (`n***@example.org`). */
  maskedEmail: string;
  changedAt: Date;
  supportEmail: string;
}

const LOGIN_EMAIL_CHANGED: Record<Language, (v: LoginEmailChangedVars, when: string) => RenderedEmail> = {
  zh_hant: (v, when) => ({
    subject: '你的教育平台登入電郵已更改',
    text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）的登入電郵已於 ${when}（香港時間）改為 ${v.maskedEmail}。此後本電郵地址不能再用作登入。\n\n如這不是你本人的操作，請立即聯絡 ${v.supportEmail}。`,
  }),
  en: (v, when) => ({
    subject: 'Your education platform login email was changed',
    text: `Hello,\n\nThe login email of the education platform account with login ID ${v.loginId} was changed to ${v.maskedEmail} on ${when} (Hong Kong time). This address can no longer be used to log in.\n\nIf you did not make this change, write to ${v.supportEmail} at once.`,
  }),
  zh_hans: (v, when) => ({
    subject: '你的教育平台登录电邮已更改',
    text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）的登录电邮已于 ${when}（香港时间）改为 ${v.maskedEmail}。此后本电邮地址不能再用于登录。\n\n如这不是你本人的操作，请立即联系 ${v.supportEmail}。`,
  }),
};

export function renderLoginEmailChanged(language: Language, vars: LoginEmailChangedVars): RenderedEmail {
  return LOGIN_EMAIL_CHANGED[language](vars, formatEmailDate(vars.changedAt, language));
}

/** The SMS carrying a mobile verification code: short, the code first, no link. */
const MOBILE_CODE_SMS: Record<Language, (code: string, minutes: number) => string> = {
  zh_hant: (code, minutes) => `${code} 是你的教育平台手機驗證碼，${minutes} 分鐘內有效。請勿把驗證碼告訴任何人。`,
  en: (code, minutes) => `${code} is your education platform mobile verification code. It works for ${minutes} minutes. Do not share it with anyone.`,
  zh_hans: (code, minutes) => `${code} 是你的教育平台手机验证码，${minutes} 分钟内有效。请勿把验证码告诉任何人。`,
};

export function renderMobileCodeSms(language: Language, vars: { code: string; validMinutes: number }): string {
  return MOBILE_CODE_SMS[language](vars.code, vars.validMinutes);
}

/** The one-time password email (POST /auth/otp/send), in the account's language. */
export interface OtpEmailVars {
  displayName: string;
  loginId: string;
  code: string;
  validMinutes: number;
  supportEmail: string;
}

const OTP_EMAIL: Record<Language, (v: OtpEmailVars) => RenderedEmail> = {
  zh_hant: (v) => ({
    subject: '你的教育平台一次性密碼',
    text: `${v.displayName}，你好：\n\n你的一次性密碼是：${v.code}\n\n請在登入頁面輸入此密碼以登入帳戶（登入名稱：${v.loginId}）。密碼於 ${v.validMinutes} 分鐘內有效，只可使用一次。請勿把密碼告訴任何人。\n\n如你沒有要求一次性密碼，請忽略本郵件；如你多次收到此郵件，請聯絡 ${v.supportEmail}。`,
  }),
  en: (v) => ({
    subject: 'Your education platform one-time password',
    text: `Dear ${v.displayName},\n\nYour one-time password is: ${v.code}\n\nType it on the login page to log in to your account (login ID: ${v.loginId}). It works once, within ${v.validMinutes} minutes. Do not share it with anyone.\n\nIf you did not ask for a one-time password, ignore this email; if you keep receiving it, write to ${v.supportEmail}.`,
  }),
  zh_hans: (v) => ({
    subject: '你的教育平台一次性密码',
    text: `${v.displayName}，你好：\n\n你的一次性密码是：${v.code}\n\n请在登录页面输入此密码以登录账户（登录名称：${v.loginId}）。密码在 ${v.validMinutes} 分钟内有效，只可使用一次。请勿把密码告诉任何人。\n\n如你没有请求一次性密码，请忽略本邮件；如你多次收到此邮件，请联系 ${v.supportEmail}。`,
  }),
};

export function renderOtpEmail(language: Language, vars: OtpEmailVars): RenderedEmail {
  return OTP_EMAIL[language](vars);
}

/** The two-factor confirmation link of a school administrator's login (issue 9). */
export interface MfaLinkVars {
  loginId: string;
  link: string;
  /** When the link (and the pending sign-in) stops working. */
  expiresAt: Date;
  supportEmail: string;
}

const MFA_LINK: Record<Language, (v: MfaLinkVars, expires: string) => RenderedEmail> = {
  zh_hant: (v, expires) => ({
    subject: '確認你的教育平台登入（雙重認證）',
    text: `你好：\n\n教育平台學校管理員帳戶（登入名稱：${v.loginId}）正在登入。請按以下連結確認是你本人：\n\n${v.link}\n\n連結於 ${expires}（香港時間）前有效，只可使用一次。確認後，請回到登入的頁面，按「已完成驗證」或等候頁面自動繼續。如你沒有登入，請忽略本郵件並盡快更改密碼。\n\n如有疑問，請聯絡 ${v.supportEmail}。`,
  }),
  en: (v, expires) => ({
    subject: 'Confirm your education platform login (two-factor)',
    text: `Hello,\n\nSomeone is logging in to the education platform school administrator account with login ID ${v.loginId}. Follow this link to confirm it is you:\n\n${v.link}\n\nThe link works once, until ${expires} (Hong Kong time). Then go back to the login page: it continues by itself, or press 'Completed verification'. If you are not logging in, ignore this email and change your password soon.\n\nQuestions? Write to ${v.supportEmail}.`,
  }),
  zh_hans: (v, expires) => ({
    subject: '确认你的教育平台登录（双重认证）',
    text: `你好：\n\n教育平台学校管理员账户（登录名称：${v.loginId}）正在登录。请点击以下链接确认是你本人：\n\n${v.link}\n\n链接在 ${expires}（香港时间）前有效，只可使用一次。确认后，请回到登录的页面，按「已完成验证」或等候页面自动继续。如你没有登录，请忽略本邮件并尽快更改密码。\n\n如有疑问，请联系 ${v.supportEmail}。`,
  }),
};

export function renderMfaLink(language: Language, vars: MfaLinkVars): RenderedEmail {
  return MFA_LINK[language](vars, formatEmailDate(vars.expiresAt, language));
}

/** The code of an upgrade's email step (POST /api/upgrades/email), in the account's language. */
export interface UpgradeCodeEmailVars {
  displayName: string;
  code: string;
  validMinutes: number;
  supportEmail: string;
}

const UPGRADE_CODE_EMAIL: Record<Language, (v: UpgradeCodeEmailVars) => RenderedEmail> = {
  zh_hant: (v) => ({
    subject: '你的教育平台會員升級驗證碼',
    text: `${v.displayName}，你好：\n\n你的電郵驗證碼是：${v.code}\n\n請在會員升級視窗輸入此驗證碼，以確認這是你的個人電郵。驗證碼於 ${v.validMinutes} 分鐘內有效，只可使用一次。請勿把驗證碼告訴任何人。\n\n如你沒有申請升級，請忽略本郵件；如有疑問，請聯絡 ${v.supportEmail}。`,
  }),
  en: (v) => ({
    subject: 'Your education platform membership upgrade code',
    text: `Dear ${v.displayName},\n\nYour email verification code is: ${v.code}\n\nType it in the membership upgrade window to confirm this is your personal email. It works once, within ${v.validMinutes} minutes. Do not share it with anyone.\n\nIf you did not ask for an upgrade, ignore this email; for any question, write to ${v.supportEmail}.`,
  }),
  zh_hans: (v) => ({
    subject: '你的教育平台会员升级验证码',
    text: `${v.displayName}，你好：\n\n你的电邮验证码是：${v.code}\n\n请在会员升级窗口输入此验证码，以确认这是你的个人电邮。验证码在 ${v.validMinutes} 分钟内有效，只可使用一次。请勿把验证码告诉任何人。\n\n如你没有申请升级，请忽略本邮件；如有疑问，请联系 ${v.supportEmail}。`,
  }),
};

export function renderUpgradeCodeEmail(language: Language, vars: UpgradeCodeEmailVars): RenderedEmail {
  return UPGRADE_CODE_EMAIL[language](vars);
}
