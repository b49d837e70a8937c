import { declareCall } from '../call.ts';
import { StepUpPasswordRequestSchema, StepUpProofSchema } from '../schemas/step-up.ts';

/** Step-up: a fresh proof before sensitive actions (issue 23, docs/decisions/step-up.md). */

export const password = declareCall({
  name: 'stepUp.password',
  method: 'post',
  path: 'profile/step-up/password',
  session: true,
  request: StepUpPasswordRequestSchema,
  response: StepUpProofSchema,
  codes: ['currentPasswordIncorrect', 'stepUpThrottled', 'stepUpNoPassword'],
  summary: "Proves the signed-in user again with the account's password: this session may make sensitive actions for the next 10 minutes. Wrong passwords are throttled as at login.",
});
