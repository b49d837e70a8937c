import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { EmailVerificationKind, EmailVerifyRequest, EmailVerifyResult } from '../../../contract/schemas/verification.ts';
import { emailVerificationMachine } from '../../../machines/email-verification/email-verification.machine.ts';
import { apiError } from '../../../machines/model-kit.ts';
import { EmailVerificationPage } from '../../../src/features/email-verification/email-verification-page.tsx';
import { EmailVerificationView } from '../../../src/features/email-verification/email-verification-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

const TOKEN = 'k3J9-sample-token-of-forty-three-characters';

function start(kind: EmailVerificationKind, answer: () => Promise<EmailVerifyResult>) {
  const machine = emailVerificationMachine.provide({ actors: { verifyLink: fromPromise<EmailVerifyResult, EmailVerifyRequest>(() => answer()) } });
  return createActor(machine, { input: { kind, token: TOKEN } }).start();
}

const links = () => [...document.querySelectorAll('main a, body a')].map((link) => [link.textContent, link.getAttribute('href')]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EmailVerificationView', () => {
  it('says which login email is now in force and offers to log in with it', async () => {
    const actor = start('login', async () => ({ kind: 'login', email: 'new@demo.test', services: [] }));
    const screen = await inLanguage('en', <EmailVerificationView actor={actor} />);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Confirm your login email' })).toBeVisible();
    await expect.element(screen.getByText('Your login email is now new@demo.test. Use it the next time you log in.')).toBeVisible();
    expect(links()).toEqual([
      ['Log in', '/en/login'],
      ['Go to your profile', '/en/profile/emails'],
    ]);
  });

  it('lists the newsletters a confirmed subscription started, in the page language', async () => {
    const actor = start('subscription', async () => ({ kind: 'subscription', email: 'reader@demo.test', services: ['edPost', 'teacherInfo'] }));
    const screen = await inLanguage('zh_hant', <EmailVerificationView actor={actor} />);
    await expect.element(screen.getByText('reader@demo.test 已訂閱：EdPost：教育平台最新消息及教師資訊。')).toBeVisible();
  });

  it('treats a link followed again as already verified, not as an error', async () => {
    const actor = start('contact', () => Promise.reject(apiError('alreadyUsed')));
    const screen = await inLanguage('en', <EmailVerificationView actor={actor} />);
    await expect.element(screen.getByRole('heading', { name: 'Already verified' })).toBeVisible();
    expect(links()).toEqual([['Go to your profile', '/en/profile/emails']]);
  });

  it('sends an expired subscription link back to the newsletter page, and an expired teacher link to the teacher profile', async () => {
    const subscription = start('subscription', () => Promise.reject(apiError('expired')));
    const screen = await inLanguage('en', <EmailVerificationView actor={subscription} />);
    await expect.element(screen.getByText('You were not subscribed. Please subscribe again and follow the new link within 24 hours.')).toBeVisible();
    expect(links()).toEqual([['Subscribe again', '/en/email-subscriptions']]);
    screen.unmount();

    const teacher = start('teacher', () => Promise.reject(apiError('expired')));
    const again = await inLanguage('en', <EmailVerificationView actor={teacher} />);
    await expect.element(again.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    expect(links()).toEqual([['Go to your teacher profile', '/en/profile/teacher']]);
  });

  it('explains an address taken by another account meanwhile', async () => {
    const actor = start('login', () => Promise.reject(apiError('loginEmailTaken')));
    const screen = await inLanguage('zh_hans', <EmailVerificationView actor={actor} />);
    await expect.element(screen.getByRole('heading', { name: '此邮箱地址已被使用' })).toBeVisible();
  });

  it('offers to check again when no answer came', async () => {
    let calls = 0;
    const actor = start('contact', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(apiError('internal')) : Promise.resolve({ kind: 'contact', email: 'c@demo.test', services: [] });
    });
    const screen = await inLanguage('en', <EmailVerificationView actor={actor} />);
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.element(screen.getByText('Your contact email is now c@demo.test.')).toBeVisible();
    expect(calls).toBe(2);
  });
});

describe('EmailVerificationPage', () => {
  it('shows a missing token as an invalid link without calling the server', async () => {
    const fetchSpy = vi.spyOn(window, 'fetch');
    const screen = await inLanguage('en', <EmailVerificationPage kind="login" token="" />);
    await expect.element(screen.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
