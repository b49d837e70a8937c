import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor } from 'xstate';
import type { Language } from '../../../contract/languages.ts';
import type { ForgotPasswordRequest, ForgotPasswordResult } from '../../../contract/schemas/account.ts';
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts';
import { apiError } from '../../../machines/model-kit.ts';
import { ForgotPasswordView } from '../../../src/features/forgot-password/forgot-password-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage, recordedCall } from '../support.tsx';

function startForgot(answer: (request: ForgotPasswordRequest) => Promise<ForgotPasswordResult>, lang: Language = 'en') {
  const call = recordedCall(answer);
  const machine = forgotPasswordMachine.provide({ actors: { requestReset: call.actor } });
  return { actor: createActor(machine, { input: { lang } }).start(), sent: call.sent };
}

const active = () => document.activeElement;

describe('ForgotPasswordView', () => {
  it('is completed with the keyboard alone by login ID: arrow keys pick the method, Enter sends, the confirmation takes focus', async () => {
    const { actor, sent } = startForgot(async () => ({ maskedEmail: 'p•••1@demo.test' }));
    const screen = await inLanguage('en', <ForgotPasswordView actor={actor} />);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toHaveFocus();
    await userEvent.tab();
    expect(active()?.getAttribute('value')).toBe('email');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('radio', { name: 'By my login ID' })).toBeChecked();
    await expect.element(screen.getByLabelText('Email address')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(active()?.id).toBe('loginId');
    await userEvent.keyboard('demo_public1{Enter}');

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toHaveFocus();
    await expect.element(screen.getByText(/reset your password to p•••1@demo\.test/)).toBeVisible();
    expect(sent).toEqual([{ by: 'loginId', loginId: 'demo_public1', lang: 'en' }]);
  });

  it('checks only the chosen field, links the problem from the summary and repeats it at the field', async () => {
    const { actor, sent } = startForgot(async () => ({ maskedEmail: 'x' }));
    const screen = await inLanguage('en', <ForgotPasswordView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Email address'), 'not-an-email');
    await screen.getByRole('button', { name: 'Send reset link' }).click();

    await expect.element(screen.getByRole('alert')).toHaveFocus();
    await screen.getByRole('link', { name: 'Enter an email address in the correct format, like name@example.com' }).click();
    await expect.element(screen.getByLabelText('Email address')).toHaveFocus();
    await expect.element(screen.getByLabelText('Email address')).toHaveAccessibleDescription(/Enter an email address in the correct format, like name@example.com/);
    expect(sent).toEqual([]);
  });

  it('says no account has the email, at the email field', async () => {
    const { actor } = startForgot(async () => {
      throw apiError('emailNotFound');
    });
    const screen = await inLanguage('en', <ForgotPasswordView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Email address'), 'nobody@demo.test');
    await screen.getByRole('button', { name: 'Send reset link' }).click();

    await expect.element(screen.getByRole('alert')).toHaveFocus();
    await expect.element(screen.getByRole('link', { name: 'No account uses this email address as its login email.' })).toHaveAttribute('href', '#email');
    await expect.element(screen.getByLabelText('Email address')).toHaveAccessibleDescription(/No account uses this email address/);
  });

  it('sends an account without an email to its school administrator', async () => {
    const { actor } = startForgot(async () => {
      throw apiError('accountHasNoEmail');
    });
    const screen = await inLanguage('zh_hant', <ForgotPasswordView actor={actor} />);
    await screen.getByRole('radio', { name: '使用我的登入名稱' }).click();
    await userEvent.fill(screen.getByLabelText('登入名稱'), 'demo_student1');
    await screen.getByRole('button', { name: '發送重設連結' }).click();
    await expect.element(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('alert').element().textContent).toContain('學校管理員');
  });

  it('shows until when further requests are held, in Hong Kong time, labelled (issue 13)', async () => {
    const holdUntil = '2026-01-15T13:00:00.000Z';
    const { actor } = startForgot(async () => {
      throw apiError('held', { holdUntil });
    });
    const screen = await inLanguage('en', <ForgotPasswordView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Email address'), 'public1@demo.test');
    await screen.getByRole('button', { name: 'Send reset link' }).click();

    const shown = `${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(new Date(holdUntil))} (Hong Kong time)`;
    await expect.element(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('alert').element().textContent).toContain(`You have asked for too many reset links. Please try again after ${shown}.`);
  });
});
