import type { AnyStateMachine } from 'xstate';
import { activationModel } from './activation.model.ts';
import { changePasswordModel } from './change-password.model.ts';
import { emailChangeModel } from './email-change.model.ts';
import { emailVerificationModel } from './email-verification.model.ts';
import { familyCreateModel } from './family-create.model.ts';
import { familyDetailsModel } from './family-details.model.ts';
import { familyHomeModel } from './family-home.model.ts';
import { familyJoinModel } from './family-join.model.ts';
import { fatalErrorModel } from './fatal-error.model.ts';
import { forgotPasswordModel } from './forgot-password.model.ts';
import { mobileVerificationModel } from './mobile-verification.model.ts';
import type { MachineModel } from './model-kit.ts';
import { passwordLoginModel } from './password-login.model.ts';
import { profileFormModel } from './profile-form.model.ts';
import { publicSubscriptionModel } from './public-subscription.model.ts';
import { registrationModel } from './registration.model.ts';
import { resetPasswordModel } from './reset-password.model.ts';
import { sessionModel } from './session.model.ts';

/**
 * Every machine's model by name (the machine's id), for the coverage and paths scripts and the
 * story generator. The app imports machines from their own files, never from here: this pulls
 * in the fakes and sample data.
 */
export const machineModels = {
  passwordLogin: passwordLoginModel,
  registration: registrationModel,
  activation: activationModel,
  forgotPassword: forgotPasswordModel,
  resetPassword: resetPasswordModel,
  changePassword: changePasswordModel,
  session: sessionModel,
  fatalError: fatalErrorModel,
  familyHome: familyHomeModel,
  familyCreate: familyCreateModel,
  familyJoin: familyJoinModel,
  familyDetails: familyDetailsModel,
  emailVerification: emailVerificationModel,
  publicSubscription: publicSubscriptionModel,
  mobileVerification: mobileVerificationModel,
  emailChange: emailChangeModel,
  profileForm: profileFormModel,
} satisfies Record<string, MachineModel<AnyStateMachine>>;

export type MachineName = keyof typeof machineModels;

export function isMachineName(value: string): value is MachineName {
  return Object.hasOwn(machineModels, value);
}
