import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor, fromPromise } from 'xstate';
import type { ResetCheckRequest, ResetPasswordRequest, ResetRecord } from '../../../contract/schemas/account.ts';
import { apiError, samplePolicy } from '../../../machines/model-kit.ts';
import { resetPasswordMachine } from '../../../machines/reset-password/reset-password.machine.ts';
import { ResetPasswordView } from '../../../src/features/reset-password/reset-password-view.tsx';
import '../../../src/ui/global.css';
import { enterNewPasswordByKeyboard, inLanguage, recordedCall } from '../support.tsx';

const NEW_PASSWORD = 'Fresh-Start-2026';

function startReset(reset: (request: ResetPasswordRequest) => Promise<void>) {
  const call = recordedCall(reset);
  const machine = resetPasswordMachine.provide({
    actors: {
      checkResetToken: fromPromise<ResetRecord, ResetCheckRequest>(async () => ({ loginId: 'demo_public1' })),
      resetPassword: call.actor,
    },
  });
  return { actor: createActor(machine, { input: { token: 'the-emailed-token', policy: samplePolicy() } }).start(), sent: call.sent };
}

describe('ResetPasswordView', () => {
  it('names the account, is completed with the keyboard alone and ends on a heading with a link to log in', async () => {
    const { actor, sent } = startReset(async () => {});
    const screen = await inLanguage('en', <ResetPasswordView actor={actor} />);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toHaveFocus();
    await expect.element(screen.getByText('You are choosing a new password for the account with login ID demo_public1.')).toBeVisible();
    await enterNewPasswordByKeyboard(NEW_PASSWORD);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Your password has been reset' })).toHaveFocus();
    await expect.element(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
    expect(sent).toEqual([{ token: 'the-emailed-token', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }]);
  });

  it('refuses a confirmation that differs, naming both fields', async () => {
    const { actor, sent } = startReset(async () => {});
    const screen = await inLanguage('en', <ResetPasswordView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('New password', { exact: true }), NEW_PASSWORD);
    await userEvent.fill(screen.getByLabelText('Confirm new password', { exact: true }), 'Different-2026');
    await screen.getByRole('button', { name: 'Save new password' }).click();

    await expect.element(screen.getByRole('alert')).toHaveFocus();
    await expect
      .element(screen.getByRole('link', { name: 'Enter the same password in both fields' }))
      .toHaveAttribute('href', '#confirmNewPassword');
    expect(sent).toEqual([]);
  });

  it('shows the server refusal of a password equal to the old one at the new password', async () => {
    const { actor } = startReset(async () => {
      throw apiError('passwordSameAsOld');
    });
    const screen = await inLanguage('zh_hans', <ResetPasswordView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('新密码', { exact: true }), NEW_PASSWORD);
    await userEvent.fill(screen.getByLabelText('确认新密码', { exact: true }), NEW_PASSWORD);
    await screen.getByRole('button', { name: '保存新密码' }).click();

    await expect.element(screen.getByRole('alert')).toHaveFocus();
    await expect.element(screen.getByLabelText('新密码', { exact: true })).toHaveAccessibleDescription(/新密码不能与当前的密码相同/);
  });
});
