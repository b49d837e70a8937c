/** What other machines use of step-up: the child that opens the dialog, its guard and routes (docs/decisions/step-up.md). */
export { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from '../step-up-child.ts';
export { stepUpMachine, type StepUpOutcome } from './step-up.machine.ts';
