import { machineModels } from '../machines/index.ts';
import { ActivationView } from '../src/features/activation/activation-view.tsx';
import { ChangePasswordView } from '../src/features/change-password/change-password-view.tsx';
import { EmailChangeView } from '../src/features/email-change/email-change-view.tsx';
import { EmailSubscriptionsView } from '../src/features/email-subscriptions/email-subscriptions-view.tsx';
import { EmailVerificationView } from '../src/features/email-verification/email-verification-view.tsx';
import { FamilyCreateView } from '../src/features/family/family-create-view.tsx';
import { FamilyDetailsView } from '../src/features/family/family-details-view.tsx';
import { FamilyHomeView } from '../src/features/family/family-home-view.tsx';
import { FamilyJoinView } from '../src/features/family/family-join-view.tsx';
import { FatalErrorView } from '../src/shell/fatal-error-view.tsx';
import { ForgotPasswordView } from '../src/features/forgot-password/forgot-password-view.tsx';
import { LoginView } from '../src/features/login/login-view.tsx';
import { MobileVerificationView } from '../src/features/mobile-verification/mobile-verification-view.tsx';
import { BasicProfileView } from '../src/features/profile/basic/basic-profile-view.tsx';
import { ProfileSummaryView } from '../src/features/profile/profile-summary-view.tsx';
import { RegistrationView } from '../src/features/registration/registration-view.tsx';
import { ResetPasswordView } from '../src/features/reset-password/reset-password-view.tsx';
import { flow } from './support/machine-stories.tsx';

/**
 * Each flow's view, by machine name: one line per flow. `npm test` (or
 * `npx tsx scripts/gen-stories.ts`) then writes `stories/<machine>.stories.tsx` with one story per
 * reachable state of the machine's model. Machines without a line here get their statechart only.
 */
export const FLOWS = {
  passwordLogin: flow(machineModels.passwordLogin, LoginView),
  registration: flow(machineModels.registration, RegistrationView),
  session: flow(machineModels.session, ProfileSummaryView),
  fatalError: flow(machineModels.fatalError, FatalErrorView),
  activation: flow(machineModels.activation, ActivationView),
  forgotPassword: flow(machineModels.forgotPassword, ForgotPasswordView),
  resetPassword: flow(machineModels.resetPassword, ResetPasswordView),
  changePassword: flow(machineModels.changePassword, ChangePasswordView),
  familyHome: flow(machineModels.familyHome, FamilyHomeView),
  familyCreate: flow(machineModels.familyCreate, FamilyCreateView),
  familyJoin: flow(machineModels.familyJoin, FamilyJoinView),
  familyDetails: flow(machineModels.familyDetails, FamilyDetailsView),
  mobileVerification: flow(machineModels.mobileVerification, MobileVerificationView),
  emailVerification: flow(machineModels.emailVerification, EmailVerificationView),
  publicSubscription: flow(machineModels.publicSubscription, EmailSubscriptionsView),
  emailChange: flow(machineModels.emailChange, EmailChangeView),
  profileForm: flow(machineModels.profileForm, BasicProfileView),
};
