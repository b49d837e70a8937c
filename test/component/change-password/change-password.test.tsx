import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor } from 'xstate';
import type { ChangePasswordRequest } from '../../../contract/schemas/account.ts';
import { changePasswordMachine } from '../../../machines/change-password/change-password.machine.ts';
import { apiError, SAMPLE_PASSWORD, samplePolicy } from '../../../machines/model-kit.ts';
import { ChangePasswordView } from '../../../src/features/change-password/change-password-view.tsx';
import '../../../src/ui/global.css';
import { enterNewPasswordByKeyboard, inLanguage, recordedCall } from '../support.tsx';

const NEW_PASSWORD = 'Fresh-Start-2026';

/** The machine with a change call that answers as `answer` says, recording what it was sent. */
function startChange(answer: (request: ChangePasswordRequest) => Promise<void>) {
  const call = recordedCall(answer);
  const machine = changePasswordMachine.provide({ actors: { changePassword: call.actor } });
  const actor = createActor(machine, { input: { policy: samplePolicy() } }).start();
  return { actor, sent: call.sent };
}

const active = () => document.activeElement;

describe('ChangePasswordView', () => {
  it('shows no strength meter until a new password is typed, then rates it with the lazily loaded checker', async () => {
    const { actor } = startChange(async () => {});
    const screen = await inLanguage('en', <ChangePasswordView actor={actor} />);
    const strength = () => document.getElementById('newPassword-strength');
    const checkerLoaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('password-strength'));
    expect(checkerLoaded()).toBe(false);
    expect(strength()?.textContent).toBe('');
    expect(strength()?.querySelector('[aria-hidden="true"]')).toBeNull();

    await userEvent.type(screen.getByLabelText('New password', { exact: true }), 'correct horse battery staple');
    await expect.poll(() => strength()?.textContent ?? '', { timeout: 10_000 }).toMatch(/^Password strength: (Strong|Very strong)$/);
    expect(strength()?.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(checkerLoaded()).toBe(true);
  });

  it('moves focus to the error summary on a refused submit, links each problem to its field and repeats it there', async () => {
    const { actor, sent } = startChange(async () => {});
    const screen = await inLanguage('en', <ChangePasswordView actor={actor} />);

    await screen.getByRole('button', { name: 'Change password' }).click();

    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    const links = [...summary.element().querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Enter your current password', '#currentPassword'],
      ['Enter a new password', '#newPassword'],
      ['Enter the new password again', '#confirmNewPassword'],
    ]);
    const current = screen.getByLabelText('Current password', { exact: true });
    await expect.element(current).toHaveAttribute('aria-invalid', 'true');
    await expect.element(current).toHaveAccessibleDescription(/Enter your current password/);

    await screen.getByRole('link', { name: 'Enter a new password' }).click();
    await expect.element(screen.getByLabelText('New password', { exact: true })).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('moves focus back to the summary when the same problems are submitted again', async () => {
    const { actor } = startChange(async () => {});
    const screen = await inLanguage('en', <ChangePasswordView actor={actor} />);
    const submit = screen.getByRole('button', { name: 'Change password' });
    await submit.click();
    await screen.getByRole('link', { name: 'Enter a new password' }).click();
    await expect.element(screen.getByLabelText('New password', { exact: true })).toHaveFocus();

    await submit.click();
    await expect.element(screen.getByRole('alert')).toHaveFocus();
  });

  it('shows the server refusal of the current password at that field', async () => {
    const { actor } = startChange(async () => {
      throw apiError('currentPasswordIncorrect', { fields: [{ field: 'currentPassword', rule: 'incorrect' }] });
    });
    const screen = await inLanguage('en', <ChangePasswordView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Current password', { exact: true }), 'Wrong-Guess-2026');
    await userEvent.fill(screen.getByLabelText('New password', { exact: true }), NEW_PASSWORD);
    await userEvent.fill(screen.getByLabelText('Confirm new password', { exact: true }), NEW_PASSWORD);
    await screen.getByRole('button', { name: 'Change password' }).click();

    await expect.element(screen.getByRole('alert')).toHaveFocus();
    await expect.element(screen.getByRole('link', { name: 'The current password is incorrect: enter it again' })).toBeVisible();
    await expect.element(screen.getByLabelText('Current password', { exact: true })).toHaveAccessibleDescription(/The current password is incorrect: enter it again/);
  });

  it('is completed with the keyboard alone, moves focus to the confirmation heading, and starts over empty on "Change it again"', async () => {
    const { actor, sent } = startChange(async () => {});
    const screen = await inLanguage('en', <ChangePasswordView actor={actor} />);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Change your password' })).toHaveFocus();
    await userEvent.tab();
    expect(active()?.id).toBe('currentPassword');
    await userEvent.keyboard(SAMPLE_PASSWORD);
    await userEvent.tab(); // the show/hide button
    await enterNewPasswordByKeyboard(NEW_PASSWORD);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Password changed' })).toHaveFocus();
    expect(sent).toEqual([{ currentPassword: SAMPLE_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }]);
    await expect.element(screen.getByRole('status').filter({ hasText: 'You are still logged in' })).toBeVisible();

    await userEvent.tab();
    expect(active()?.textContent).toBe('Change it again');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Change your password' })).toHaveFocus();
    await expect.element(screen.getByLabelText('Current password', { exact: true })).toHaveValue('');
  });

  it('speaks the language of the page', async () => {
    const { actor } = startChange(async () => {});
    const screen = await inLanguage('zh_hant', <ChangePasswordView actor={actor} />);
    await expect.element(screen.getByRole('heading', { level: 1, name: '更改你的密碼' })).toBeVisible();
    await expect.element(screen.getByText('最少 8 個字元')).toBeVisible();
  });
  it('keeps the focus in a field while its error is being corrected', async () => {
    const { actor } = startChange(async () => {});
    const screen = await inLanguage('en', <ChangePasswordView actor={actor} />);
    await screen.getByRole('button', { name: 'Change password' }).click();
    await screen.getByRole('link', { name: 'Enter your current password' }).click();
    const current = screen.getByLabelText('Current password', { exact: true });
    await expect.element(current).toHaveFocus();

    await userEvent.keyboard('Portal');
    await expect.element(current).toHaveFocus();
    await expect.element(current).toHaveValue('Portal');
  });
});
