import { defineMessages } from '../i18n/define-messages.ts';

/** Strings owned by the UI kit itself. */
export const uiMessages = defineMessages({
  errorPrefix: { id: 'ui.errorPrefix', defaultMessage: 'Error:', description: 'Read by screen readers before a field error message.' },
  errorSummaryTitle: { id: 'ui.errorSummary.title', defaultMessage: 'There is a problem', description: 'Heading of the error summary at the top of a form.' },
  showPassword: { id: 'ui.password.show', defaultMessage: 'Show', description: 'Button that reveals the typed password.' },
  hidePassword: { id: 'ui.password.hide', defaultMessage: 'Hide', description: 'Button that hides the typed password again.' },
  showPasswordLabel: { id: 'ui.password.showLabel', defaultMessage: 'Show password', description: 'Accessible name of the show-password button.' },
  hidePasswordLabel: { id: 'ui.password.hideLabel', defaultMessage: 'Hide password', description: 'Accessible name of the hide-password button.' },
  passwordShown: { id: 'ui.password.shown', defaultMessage: 'Your password is visible', description: 'Announced when the password is revealed.' },
  passwordHidden: { id: 'ui.password.hidden', defaultMessage: 'Your password is hidden', description: 'Announced when the password is hidden again.' },
  close: { id: 'ui.dialog.close', defaultMessage: 'Close', description: 'Button that closes a dialog.' },
  strengthLabel: { id: 'ui.meter.label', defaultMessage: 'Password strength', description: 'Label of the password strength meter.' },
  strengthValue: {
    id: 'ui.meter.value',
    defaultMessage: 'Password strength: {strength}',
    description: 'Announced politely when the strength changes; {strength} is Very weak … Very strong.',
  },
  strengthChecking: { id: 'ui.meter.checking', defaultMessage: 'Checking strength…', description: 'Shown while the strength checker loads.' },
  veryWeak: { id: 'ui.meter.veryWeak', defaultMessage: 'Very weak', description: 'Password strength 0 of 4.' },
  weak: { id: 'ui.meter.weak', defaultMessage: 'Weak', description: 'Password strength 1 of 4.' },
  fair: { id: 'ui.meter.fair', defaultMessage: 'Fair', description: 'Password strength 2 of 4.' },
  strong: { id: 'ui.meter.strong', defaultMessage: 'Strong', description: 'Password strength 3 of 4.' },
  veryStrong: { id: 'ui.meter.veryStrong', defaultMessage: 'Very strong', description: 'Password strength 4 of 4.' },
  robotStandIn: {
    id: 'ui.recaptcha.standIn',
    defaultMessage: "I'm not a robot (development stand-in)",
    description: 'Label of the local checkbox that replaces Google reCAPTCHA in development.',
  },
  robotLoading: { id: 'ui.recaptcha.loading', defaultMessage: 'Loading the robot check…', description: 'Shown while Google reCAPTCHA loads.' },
  robotUnavailable: {
    id: 'ui.recaptcha.unavailable',
    defaultMessage: 'The robot check could not be loaded. Please check your connection and reload the page.',
    description: 'Shown when the Google reCAPTCHA script fails to load.',
  },
  languageNav: { id: 'ui.language.nav', defaultMessage: 'Language', description: 'Accessible name of the language switcher.' },
  zh_hant: { id: 'ui.language.zh_hant', defaultMessage: '繁體中文', description: 'Name of Traditional Chinese, always in Traditional Chinese.' },
  en: { id: 'ui.language.en', defaultMessage: 'English', description: 'Name of English, always in English.' },
  zh_hans: { id: 'ui.language.zh_hans', defaultMessage: '简体中文', description: 'Name of Simplified Chinese, always in Simplified Chinese.' },
});
