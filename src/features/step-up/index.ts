/** What other features may use of step-up: the dialog over a page whose action needs a fresh proof. */
export { StepUpDialog } from './step-up-dialog.tsx';
