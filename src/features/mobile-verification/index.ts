/**
 * What other features may use of the mobile verification: its view, loaded on demand (embedded in
 * another flow's dialog), the machine's number rule, and the phone rules' loader (the full-member
 * upgrade's phone step).
 */
export { LazyMobileVerificationView, loadMobileVerificationView } from './mobile-verification-view-lazy.tsx';
export { withMobileNumberCheck } from './mobile-number-check.ts';
export { loadPhoneRules } from './phone.ts';
