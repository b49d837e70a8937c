/** What other machines may use of the step-up: the dialog as a child of a flow with a sensitive action (docs/decisions/step-up.md). */
export { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from './step-up-child.ts';
