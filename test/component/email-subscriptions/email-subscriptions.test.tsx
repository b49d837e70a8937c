import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor } from 'xstate';
import type { PublicSubscriptionRequest, PublicSubscriptionResult } from '../../../contract/schemas/profile.ts';
import { apiError } from '../../../machines/model-kit.ts';
import { publicSubscriptionMachine } from '../../../machines/email-subscriptions/public-subscription.machine.ts';
import { EmailSubscriptionsView } from '../../../src/features/email-subscriptions/email-subscriptions-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage, recordedCall } from '../support.tsx';

function start(answer: (request: PublicSubscriptionRequest) => Promise<PublicSubscriptionResult>) {
  const call = recordedCall(answer);
  const machine = publicSubscriptionMachine.provide({ actors: { subscribe: call.actor } });
  return { actor: createActor(machine, { input: { lang: 'en' } }).start(), sent: call.sent };
}

const summaryLinks = (summary: Element) => [...summary.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);

describe('EmailSubscriptionsView', () => {
  it('lists every problem of an empty form in a focused summary, each linked to its field', async () => {
    const { actor, sent } = start(async (request) => ({ email: request.email }));
    const screen = await inLanguage('en', <EmailSubscriptionsView actor={actor} />);
    await screen.getByRole('button', { name: 'Subscribe' }).click();
    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    expect(summaryLinks(summary.element())).toEqual([
      ['Enter an email address', '#email'],
      ['Enter the email address again', '#confirmEmail'],
      ['Select at least one newsletter', '#service-edPost'],
      ['Confirm that you are not a robot', '#recaptcha'],
    ]);
    expect(sent).toEqual([]);
  });

  it('says when the two addresses differ', async () => {
    const { actor } = start(async (request) => ({ email: request.email }));
    const screen = await inLanguage('en', <EmailSubscriptionsView actor={actor} />);
    await userEvent.type(screen.getByLabelText('Email address'), 'reader@demo.test');
    await userEvent.type(screen.getByLabelText('Confirm email address'), 'other@demo.test');
    await screen.getByLabelText('Information for parents').click();
    actor.send({ type: 'recaptcha.solve', token: 'token-1' });
    await screen.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => screen.getByRole('alert').element().textContent).toContain('Enter the same email address in both fields');
  });

  it('sends the address, the ticked newsletters and the robot token, then says where the confirmation went', async () => {
    const { actor, sent } = start(async (request) => ({ email: request.email }));
    const screen = await inLanguage('en', <EmailSubscriptionsView actor={actor} />);
    await userEvent.type(screen.getByLabelText('Email address'), 'reader@demo.test');
    await userEvent.type(screen.getByLabelText('Confirm email address'), 'reader@demo.test');
    await screen.getByLabelText('Information for parents').click();
    actor.send({ type: 'recaptcha.solve', token: 'token-1' });
    await screen.getByRole('button', { name: 'Subscribe' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect.element(screen.getByText('A confirmation email was sent to reader@demo.test. Follow its link within 24 hours to start your subscription.')).toBeVisible();
    expect(sent).toEqual([{ email: 'reader@demo.test', confirmEmail: 'reader@demo.test', services: ['parentInfo'], recaptcha: 'token-1', lang: 'en' }]);
  });

  it('says the address is on hold, and until when', async () => {
    const { actor } = start(() => Promise.reject(apiError('held', { holdUntil: '2026-01-15T13:00:00.000Z' })));
    const screen = await inLanguage('zh_hant', <EmailSubscriptionsView actor={actor} />);
    await userEvent.type(screen.getByLabelText('電郵地址'), 'reader@demo.test');
    await userEvent.type(screen.getByLabelText('確認電郵地址'), 'reader@demo.test');
    await screen.getByLabelText('學生資訊').click();
    actor.send({ type: 'recaptcha.solve', token: 'token-1' });
    await screen.getByRole('button', { name: '訂閱' }).click();
    await expect.poll(() => screen.getByRole('alert').element().textContent).toMatch(/此地址的訂閱申請太多。請於 2026年1月15日 \S+（香港時間）後再試。/);
  });
});
