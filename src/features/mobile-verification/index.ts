/**
 * What other features may use of the mobile verification: its view (embedded in another flow's
 * dialog), the machine's number rule, and the phone rules' loader (the full-member upgrade's phone step).
 */
export { MobileVerificationView } from './mobile-verification-view.tsx';
export { withMobileNumberCheck } from './mobile-verification-page.tsx';
export { loadPhoneRules } from './phone.ts';
