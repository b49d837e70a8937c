/** What other features use of step-up: the dialog a flow renders over its page while its `stepUp` child runs. */
export { StepUpDialog } from './step-up-dialog.tsx';
