/** What other features may use of the step-up: the dialog a page renders over itself while its flow's `stepUp` child runs (docs/decisions/step-up.md). */
export { StepUpDialog, type StepUpActor } from './step-up-dialog.tsx';
