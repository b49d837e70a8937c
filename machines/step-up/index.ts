/** What other machines may use of step-up: the child a flow with a sensitive action invokes (docs/decisions/step-up.md). */
export { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from './step-up-child.ts';
