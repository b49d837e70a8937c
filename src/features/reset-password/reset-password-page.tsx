import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { resetPasswordMachine } from '../../../machines/reset-password/reset-password.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { usePasswordPolicy } from '../../shell/app-context.tsx';
import { invalidLinkReason } from '../../ui/invalid-link-reason.ts';
import { ResetPasswordView } from './reset-password-view.tsx';

const liveResetPasswordMachine = resetPasswordMachine.provide({
  actors: { checkResetToken: apiActors.checkResetToken, resetPassword: apiActors.resetPassword },
});

type ResetSnapshot = SnapshotFrom<typeof liveResetPasswordMachine>;

/** Starts the reset flow for the link's token; a used, expired or unknown link leaves for its page. */
export function ResetPasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const lang = useLanguage();
  const policy = usePasswordPolicy();

  const onSnapshot = useCallback(
    (snapshot: ResetSnapshot) => {
      const type = invalidLinkReason(snapshot);
      // Replace: going back must not land on a page that only redirects again.
      if (type) void navigate({ to: '/{-$lang}/reset-password-invalid/{-$type}', params: { lang, type }, replace: true });
    },
    [navigate, lang],
  );
  const actor = useActorRef(liveResetPasswordMachine, { input: { token, policy } }, onSnapshot);
  return <ResetPasswordView actor={actor} />;
}
