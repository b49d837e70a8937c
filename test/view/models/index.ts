import type { MachineName } from '../../../machines/index.ts';
import type { ViewModel } from '../support/view-model.ts';
import { activationView } from './activation.view.ts';
import { changePasswordView } from './change-password.view.ts';
import { emailChangeView } from './email-change.view.ts';
import { emailVerificationView } from './email-verification.view.ts';
import { familyCreateView } from './family-create.view.ts';
import { familyDetailsView } from './family-details.view.ts';
import { familyHomeView } from './family-home.view.ts';
import { familyJoinView } from './family-join.view.ts';
import { fatalErrorView } from './fatal-error.view.ts';
import { forgotPasswordView } from './forgot-password.view.ts';
import { mobileVerificationView } from './mobile-verification.view.ts';
import { passwordLoginView } from './password-login.view.ts';
import { profileFormView } from './profile-form.view.ts';
import { publicSubscriptionView } from './public-subscription.view.ts';
import { registrationView } from './registration.view.ts';
import { resetPasswordView } from './reset-password.view.ts';
import { sessionView } from './session.view.ts';

/**
 * The view models by machine name, for the coverage and paths scripts and the stories. A machine
 * is listed once its generated view paths pass (test/view/<machine>.test.tsx).
 */
export const viewModels: Partial<Record<MachineName, ViewModel>> = {
  familyJoin: familyJoinView as ViewModel,
  passwordLogin: passwordLoginView as ViewModel,
  changePassword: changePasswordView as ViewModel,
  forgotPassword: forgotPasswordView as ViewModel,
  resetPassword: resetPasswordView as ViewModel,
  registration: registrationView as ViewModel,
  activation: activationView as ViewModel,
  fatalError: fatalErrorView as ViewModel,
  emailVerification: emailVerificationView as ViewModel,
  emailChange: emailChangeView as ViewModel,
  familyCreate: familyCreateView as ViewModel,
  session: sessionView as ViewModel,
  publicSubscription: publicSubscriptionView as ViewModel,
  mobileVerification: mobileVerificationView as ViewModel,
  profileForm: profileFormView as ViewModel,
  familyHome: familyHomeView as ViewModel,
  familyDetails: familyDetailsView as ViewModel,
};
