import type { Language } from '../../contract/index.ts';
import type { RenderedEmail } from './templates.ts';

/** The security notices (issue 10): something about the account's security changed. */
export const SECURITY_EMAIL_KINDS = [
  'passwordChanged',
  'passwordReset',
  'loginEmailChanged',
  'twoFactorEmailChanged',
  'newBrowser',
  'thirdPartyLinked',
  'thirdPartyUnlinked',
] as const;
export type SecurityEmailKind = (typeof SECURITY_EMAIL_KINDS)[number];

export interface SecurityEmailVars {
  loginId: string;
  /** When it happened, already formatted in Hong Kong time for the language. */
  when: string;
  /** newBrowser: `Chrome 131 on Windows 10` in words of the language, or the unknown-browser words. */
  browser?: string | null;
  system?: string | null;
  /** thirdPartyLinked / thirdPartyUnlinked: the provider's name (`Google`). */
  provider?: string;
  /** loginEmailChanged / twoFactorEmailChanged: the new address, partly hidden. */
  maskedEmail?: string;
  /** The security page, where sessions can be signed out. */
  securityLink: string;
  /** The forgotten-password page. */
  resetLink: string;
  supportEmail: string;
}

type Render = (v: SecurityEmailVars) => RenderedEmail;

const UNKNOWN: Record<Language, string> = { zh_hant: '不明', en: 'unknown', zh_hans: '不明' };

function device(language: Language, v: SecurityEmailVars): string {
  const browser = v.browser ?? UNKNOWN[language];
  const system = v.system ?? UNKNOWN[language];
  if (language === 'en') return `${browser} on ${system}`;
  return `${system}上的 ${browser}`;
}

const NOT_YOU: Record<Language, (v: SecurityEmailVars) => string> = {
  zh_hant: (v) =>
    `如這不是你本人的操作，請立即按以下連結重設密碼：\n${v.resetLink}\n然後在帳戶安全頁面登出所有其他裝置：\n${v.securityLink}\n並聯絡 ${v.supportEmail}。`,
  en: (v) =>
    `If this was not you, reset your password at once:\n${v.resetLink}\nthen sign out every other device on your account's security page:\n${v.securityLink}\nand write to ${v.supportEmail}.`,
  zh_hans: (v) =>
    `如这不是你本人的操作，请立即点击以下链接重设密码：\n${v.resetLink}\n然后在账户安全页面登出所有其他设备：\n${v.securityLink}\n并联系 ${v.supportEmail}。`,
};

const TEXTS: Record<Language, Record<SecurityEmailKind, Render>> = {
  zh_hant: {
    passwordChanged: (v) => ({ subject: '你的教育平台密碼已更改', text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）的密碼已於 ${v.when}（香港時間）更改，所有裝置已登出。` }),
    passwordReset: (v) => ({ subject: '你的教育平台密碼已重設', text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）的密碼已於 ${v.when}（香港時間）經電郵連結重設，所有裝置已登出。` }),
    loginEmailChanged: (v) => ({ subject: '你的教育平台登入電郵已更改', text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）的登入電郵已於 ${v.when}（香港時間）改為 ${v.maskedEmail ?? ''}。` }),
    twoFactorEmailChanged: (v) => ({ subject: '你的雙重認證電郵已更改', text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）的雙重認證電郵已於 ${v.when}（香港時間）設定為 ${v.maskedEmail ?? ''}。` }),
    newBrowser: (v) => ({ subject: '你的教育平台帳戶在新的瀏覽器登入', text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）於 ${v.when}（香港時間）在一個以前未用過的瀏覽器登入：${device('zh_hant', v)}。如這是你本人，無需理會本郵件。` }),
    thirdPartyLinked: (v) => ({ subject: `你的教育平台帳戶已連結 ${v.provider ?? ''}`, text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）已於 ${v.when}（香港時間）連結 ${v.provider ?? ''} 帳戶，此後可用它登入。` }),
    thirdPartyUnlinked: (v) => ({ subject: `你的教育平台帳戶已解除連結 ${v.provider ?? ''}`, text: `你好：\n\n教育平台帳戶（登入名稱：${v.loginId}）已於 ${v.when}（香港時間）解除與 ${v.provider ?? ''} 帳戶的連結。` }),
  },
  en: {
    passwordChanged: (v) => ({ subject: 'Your education platform password was changed', text: `Hello,\n\nThe password of the education platform account with login ID ${v.loginId} was changed on ${v.when} (Hong Kong time). Every device was signed out.` }),
    passwordReset: (v) => ({ subject: 'Your education platform password was reset', text: `Hello,\n\nThe password of the education platform account with login ID ${v.loginId} was reset through an emailed link on ${v.when} (Hong Kong time). Every device was signed out.` }),
    loginEmailChanged: (v) => ({ subject: 'Your education platform login email was changed', text: `Hello,\n\nThe login email of the education platform account with login ID ${v.loginId} was changed to ${v.maskedEmail ?? ''} on ${v.when} (Hong Kong time).` }),
    twoFactorEmailChanged: (v) => ({ subject: 'Your two-factor email was changed', text: `Hello,\n\nThe two-factor email of the education platform account with login ID ${v.loginId} was set to ${v.maskedEmail ?? ''} on ${v.when} (Hong Kong time).` }),
    newBrowser: (v) => ({ subject: 'A sign-in to your education platform account from a new browser', text: `Hello,\n\nThe education platform account with login ID ${v.loginId} was signed in to on ${v.when} (Hong Kong time) from a browser not used before: ${device('en', v)}. If this was you, there is nothing to do.` }),
    thirdPartyLinked: (v) => ({ subject: `${v.provider ?? ''} was linked to your education platform account`, text: `Hello,\n\nA ${v.provider ?? ''} account was linked to the education platform account with login ID ${v.loginId} on ${v.when} (Hong Kong time). It can now be used to sign in.` }),
    thirdPartyUnlinked: (v) => ({ subject: `${v.provider ?? ''} was unlinked from your education platform account`, text: `Hello,\n\nThe ${v.provider ?? ''} account was unlinked from the education platform account with login ID ${v.loginId} on ${v.when} (Hong Kong time).` }),
  },
  zh_hans: {
    passwordChanged: (v) => ({ subject: '你的教育平台密码已更改', text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）的密码已于 ${v.when}（香港时间）更改，所有设备已登出。` }),
    passwordReset: (v) => ({ subject: '你的教育平台密码已重设', text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）的密码已于 ${v.when}（香港时间）经电邮链接重设，所有设备已登出。` }),
    loginEmailChanged: (v) => ({ subject: '你的教育平台登录电邮已更改', text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）的登录电邮已于 ${v.when}（香港时间）改为 ${v.maskedEmail ?? ''}。` }),
    twoFactorEmailChanged: (v) => ({ subject: '你的双重认证电邮已更改', text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）的双重认证电邮已于 ${v.when}（香港时间）设置为 ${v.maskedEmail ?? ''}。` }),
    newBrowser: (v) => ({ subject: '你的教育平台账户在新的浏览器登录', text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）于 ${v.when}（香港时间）在一个以前未用过的浏览器登录：${device('zh_hans', v)}。如这是你本人，无需理会本邮件。` }),
    thirdPartyLinked: (v) => ({ subject: `你的教育平台账户已关联 ${v.provider ?? ''}`, text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）已于 ${v.when}（香港时间）关联 ${v.provider ?? ''} 账户，此后可用它登录。` }),
    thirdPartyUnlinked: (v) => ({ subject: `你的教育平台账户已解除关联 ${v.provider ?? ''}`, text: `你好：\n\n教育平台账户（登录名称：${v.loginId}）已于 ${v.when}（香港时间）解除与 ${v.provider ?? ''} 账户的关联。` }),
  },
};

const DATE_LOCALES: Record<Language, string> = { zh_hant: 'zh-Hant-HK', en: 'en-HK', zh_hans: 'zh-Hans-CN' };

/** Hong Kong time, where the platform's people are. */
export function formatSecurityDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(date);
}

/** Each notice says what happened, when (Hong Kong time), and what to do if it was not them. */
export function renderSecurityEmail(kind: SecurityEmailKind, language: Language, vars: SecurityEmailVars): RenderedEmail {
  const body = TEXTS[language][kind](vars);
  return { subject: body.subject, text: `${body.text}\n\n${NOT_YOU[language](vars)}` };
}
