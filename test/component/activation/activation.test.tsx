import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor, fromPromise } from 'xstate';
import type { ActivateResult, ActivationCheckRequest, ActivationRecord, ActivationSubscribeRequest, SubscriptionsResult } from '../../../contract/schemas/account.ts';
import { activationMachine, type ActivateCall, type ActivationKind } from '../../../machines/activation/activation.machine.ts';
import { sampleActivationRecord } from '../../../machines/activation/activation.model.ts';
import { networkError, SAMPLE_PASSWORD, samplePolicy } from '../../../machines/model-kit.ts';
import { ActivationView } from '../../../src/features/activation/activation-view.tsx';
import '../../../src/ui/global.css';
import { enterNewPasswordByKeyboard, inLanguage } from '../support.tsx';

interface Calls {
  activate: ActivateCall[];
  subscribe: ActivationSubscribeRequest[];
}

/** The activation machine against fakes that answer at once, recording what they were sent. */
function startActivation(record: ActivationRecord, options: { pageKind?: ActivationKind; subscribe?: () => Promise<SubscriptionsResult> } = {}) {
  const calls: Calls = { activate: [], subscribe: [] };
  const machine = activationMachine.provide({
    actors: {
      checkRecord: fromPromise<ActivationRecord, ActivationCheckRequest>(async () => record),
      activate: fromPromise<ActivateResult, ActivateCall>(async ({ input }) => {
        calls.activate.push(input);
        return { userId: record.userId };
      }),
      subscribe: fromPromise<SubscriptionsResult, ActivationSubscribeRequest>(async ({ input }) => {
        calls.subscribe.push(input);
        return options.subscribe ? options.subscribe() : { services: input.services };
      }),
    },
  });
  const actor = createActor(machine, { input: { encryptCode: 'the-emailed-code', kind: options.pageKind ?? record.kind, policy: samplePolicy() } }).start();
  return { actor, calls };
}

const active = () => document.activeElement;

describe('ActivationView', () => {
  it('is completed with the keyboard alone, from the password to a newsletter, each step taking focus to its heading', async () => {
    const { actor, calls } = startActivation(sampleActivationRecord('user'));
    const screen = await inLanguage('en', <ActivationView actor={actor} />);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Set your password' })).toHaveFocus();
    await expect.element(screen.getByText(/account with login ID new_student1/)).toBeVisible();
    await enterNewPasswordByKeyboard(SAMPLE_PASSWORD);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Would you like our newsletters?' })).toHaveFocus();
    expect(calls.activate).toEqual([{ encryptCode: 'the-emailed-code', newPassword: SAMPLE_PASSWORD, confirmNewPassword: SAMPLE_PASSWORD, kind: 'user' }]);
    await userEvent.tab();
    expect(active()?.id).toBe('service-edPost');
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(active()?.id).toBe('service-studentInfo');
    await userEvent.keyboard(' {Enter}');

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Your account is active' })).toHaveFocus();
    expect(calls.subscribe).toEqual([{ encryptCode: 'the-emailed-code', userId: 'u-new-student1', services: ['edPost', 'studentInfo'] }]);
    await expect.element(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/en/profile');
  });

  it('lists the password rules from the settings and refuses a short password in the summary and at the field', async () => {
    const { actor, calls } = startActivation(sampleActivationRecord('user'));
    const screen = await inLanguage('en', <ActivationView actor={actor} />);
    const newPassword = screen.getByLabelText('New password', { exact: true });
    await expect.element(newPassword).toHaveAccessibleDescription(/At least 8 characters.*At least 3 of these four kinds of characters/);

    await userEvent.fill(newPassword, 'short');
    await userEvent.fill(screen.getByLabelText('Confirm new password', { exact: true }), 'short');
    await screen.getByRole('button', { name: 'Activate account' }).click();

    await expect.element(screen.getByRole('alert')).toHaveFocus();
    await expect.element(screen.getByRole('link', { name: 'The new password is too short: make it at least as long as the hint says' })).toHaveAttribute('href', '#newPassword');
    await expect.element(newPassword).toHaveAccessibleDescription(/The new password is too short: make it at least as long as the hint says/);
    expect(calls.activate).toEqual([]);
  });

  it('activates a buyer account without the newsletter step, whichever page the link was opened on', async () => {
    const { actor, calls } = startActivation(sampleActivationRecord('buyer'), { pageKind: 'user' });
    const screen = await inLanguage('en', <ActivationView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('New password', { exact: true }), SAMPLE_PASSWORD);
    await userEvent.fill(screen.getByLabelText('Confirm new password', { exact: true }), SAMPLE_PASSWORD);
    await screen.getByRole('button', { name: 'Activate account' }).click();

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Your account is active' })).toHaveFocus();
    await expect.element(screen.getByText('Activate your school purchaser account')).toBeVisible();
    expect(calls.activate.map((call) => call.kind)).toEqual(['buyer']);
    expect(calls.subscribe).toEqual([]);
  });

  it('says the account is active when saving the newsletters fails, and lets the step be skipped', async () => {
    const { actor } = startActivation(sampleActivationRecord('user'), {
      subscribe: () => Promise.reject(networkError()),
    });
    const screen = await inLanguage('en', <ActivationView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('New password', { exact: true }), SAMPLE_PASSWORD);
    await userEvent.fill(screen.getByLabelText('Confirm new password', { exact: true }), SAMPLE_PASSWORD);
    await screen.getByRole('button', { name: 'Activate account' }).click();
    await screen.getByLabelText('Information for parents').click();
    await screen.getByRole('button', { name: 'Subscribe' }).click();

    await expect.element(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('alert').element().textContent).toContain('Your account is active, but your newsletter choice was not saved.');
    await expect.element(screen.getByLabelText('Information for parents')).toBeChecked();
    await screen.getByRole('button', { name: 'Skip this step' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Your account is active' })).toHaveFocus();
  });

  it('offers to check the link again when the check got no answer', async () => {
    let attempts = 0;
    const machine = activationMachine.provide({
      actors: {
        checkRecord: fromPromise<ActivationRecord, ActivationCheckRequest>(async () => {
          attempts += 1;
          if (attempts === 1) throw networkError();
          return sampleActivationRecord('user');
        }),
      },
    });
    const actor = createActor(machine, { input: { encryptCode: 'the-emailed-code', kind: 'user', policy: samplePolicy() } }).start();
    const screen = await inLanguage('zh_hant', <ActivationView actor={actor} />);

    await expect.element(screen.getByRole('heading', { level: 1, name: '我們未能檢查你的連結' })).toBeVisible();
    await screen.getByRole('button', { name: '再試一次' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: '設定你的密碼' })).toHaveFocus();
    expect(attempts).toBe(2);
  });
});
