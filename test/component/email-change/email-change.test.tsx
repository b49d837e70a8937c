import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor, fromPromise } from 'xstate';
import type { EmailChangeKind, EmailChangeRequest, EmailChangeResult, EmailChangeStatus } from '../../../contract/schemas/verification.ts';
import { emailChangeMachine } from '../../../machines/email-change/email-change.machine.ts';
import { apiError } from '../../../machines/model-kit.ts';
import { EmailChangeView } from '../../../src/features/email-change/email-change-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

const CURRENT = 'old@demo.test';
const NEW = 'new@demo.test';

function start(
  kind: EmailChangeKind,
  answers: { request?: (request: EmailChangeRequest) => Promise<EmailChangeResult>; status?: () => Promise<EmailChangeStatus> } = {},
) {
  const sent: EmailChangeRequest[] = [];
  const machine = emailChangeMachine.provide({
    actors: {
      requestChange: fromPromise<EmailChangeResult, EmailChangeRequest>(({ input }) => {
        sent.push(input);
        return answers.request ? answers.request(input) : Promise.resolve({ pendingEmail: input.email, expiresAt: '2026-01-16T12:00:00.000Z' });
      }),
      fetchStatus: fromPromise<EmailChangeStatus, { kind: EmailChangeKind }>(() =>
        answers.status ? answers.status() : Promise.resolve({ kind, email: CURRENT, pendingEmail: NEW }),
      ),
    },
  });
  return { actor: createActor(machine, { input: { kind, currentEmail: CURRENT, lang: 'en' } }).start(), sent };
}

describe('EmailChangeView', () => {
  it('refuses the address in force with the catalogue text, at the field and in the summary', async () => {
    const { actor, sent } = start('login');
    const screen = await inLanguage('en', <EmailChangeView actor={actor} />);
    await expect.element(screen.getByText(`Current login email: ${CURRENT}`)).toBeVisible();
    await userEvent.type(screen.getByLabelText('New login email'), CURRENT.toUpperCase());
    await screen.getByRole('button', { name: 'Send confirmation link' }).click();
    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    expect(summary.element().textContent).toContain('This is already your current email address.');
    expect(screen.getByLabelText('New login email').element().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('shows a taken address refusal at the field', async () => {
    const { actor } = start('login', { request: () => Promise.reject(apiError('loginEmailTaken')) });
    const screen = await inLanguage('en', <EmailChangeView actor={actor} />);
    await userEvent.type(screen.getByLabelText('New login email'), NEW);
    await screen.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.poll(() => screen.getByRole('alert').element().textContent ?? '').not.toBe('');
    const describedBy = screen.getByLabelText('New login email').element().getAttribute('aria-describedby') ?? '';
    expect(describedBy).toMatch(/-error/);
  });

  it('waits for the link, says so when it is still not followed, then confirms the new address', async () => {
    let followed = false;
    const { actor } = start('contact', { status: async () => ({ kind: 'contact', email: followed ? NEW : CURRENT, pendingEmail: followed ? null : NEW }) });
    const screen = await inLanguage('en', <EmailChangeView actor={actor} />);
    await userEvent.type(screen.getByLabelText('New contact email'), NEW);
    await screen.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect.element(screen.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(screen.getByRole('status').first().element().textContent).toContain(`We sent a confirmation link to ${NEW}.`);

    await screen.getByRole('button', { name: 'I followed the link' }).click();
    await expect.element(screen.getByText('The link has not been followed yet. Open the email and follow its link, then try again.')).toBeVisible();

    followed = true;
    await screen.getByRole('button', { name: 'I followed the link' }).click();
    await expect.element(screen.getByRole('heading', { name: 'Email changed' })).toBeVisible();
    await expect.element(screen.getByText(`Your contact email is now ${NEW}.`)).toBeVisible();
  });

  it('says when the link lapsed, and starts again', async () => {
    const { actor } = start('teacher', { status: async () => ({ kind: 'teacher', email: CURRENT, pendingEmail: null }) });
    const screen = await inLanguage('zh_hant', <EmailChangeView actor={actor} />);
    await userEvent.type(screen.getByLabelText('新的教師電郵'), NEW);
    await screen.getByRole('button', { name: '寄出確認連結' }).click();
    await screen.getByRole('button', { name: '我已按下連結' }).click();
    await expect.element(screen.getByRole('heading', { name: '變更未有生效' })).toBeVisible();
    await screen.getByRole('button', { name: '重新開始' }).click();
    await expect.element(screen.getByLabelText('新的教師電郵')).toHaveValue('');
  });

  it('mentions a change already waiting for its link', async () => {
    const { actor } = start('login');
    const screen = await inLanguage('en', <EmailChangeView actor={actor} pendingEmail={NEW} />);
    await expect.element(screen.getByText(`A confirmation link was sent to ${NEW} and has not been followed yet. You can follow it, or ask for a new address here.`)).toBeVisible();
  });
});
