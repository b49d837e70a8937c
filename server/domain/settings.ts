import type { PasswordPolicy } from '../../contract/index.ts';

/** What the account rules need from the server settings. */
export interface AccountSettings {
  policy: PasswordPolicy;
  /** Origin for emailed links. */
  publicUrl: string;
  supportEmail: string;
  sessionSecret: string;
}
