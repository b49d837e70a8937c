/** What other machines may use of the mobile verification: the statechart, invoked as a child (the full-member upgrade's phone step). */
export { mobileVerificationMachine, type MobileVerificationInput } from './mobile-verification.machine.ts';
