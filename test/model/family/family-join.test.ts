import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { FamilyRole } from '../../../contract/schemas/family.ts';
import { delayUntil } from '../../../machines/time.ts';
import {
  familyJoinModel as model,
  JOIN_NICKNAME,
  JOIN_TOKEN,
  joinHoldExpiry,
  SAMPLE_NOW,
  sampleJoinLink,
  sampleNow,
  sampleOwnRequest,
} from '../../../machines/family/family-join.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const noRequest = done('fetchOwnRequest', null);
const submit = { type: 'form.submit' } as const;
const solve = { type: 'recaptcha.solve', token: JOIN_TOKEN } as const;
const completed = [change('nickname', JOIN_NICKNAME), change<'role', FamilyRole>('role', 'SIBLING'), solve] as const;
const sent = [noRequest, ...completed, submit] as const;
const joined = [...sent, done('joinFamily', { status: 'pending' })] as const;
const read = (status: Parameters<typeof sampleOwnRequest>[0]) => done('fetchOwnRequest', sampleOwnRequest(status));
const waiting = [...joined, read('pending')] as const;
const typedCode = change('code', '654321');

describeModelPaths('familyJoin', model);

describe('familyJoin', () => {
  it('reads the own request first, and shows the form when there is none', () => {
    expect(play(model).matches('loading')).toBe(true);
    expect(invokedInput(model, [], 'fetchOwnRequest')).toEqual({ lang: 'en' });
    expect(play(model, noRequest).matches({ editing: 'idle' })).toBe(true);
  });

  it('prefills the form from the join link', () => {
    expect(play(model, noRequest).context.values).toEqual({ ...sampleJoinLink(), nickname: '', role: '' });
  });

  it.each([
    ['pending', { pending: { waiting: 'idle' } }],
    ['declined', { pending: { declined: 'notice' } }],
    ['kicked', { pending: 'kicked' }],
    ['dismissed', { pending: 'dismissed' }],
  ] as const)('opens on the pending screen when the own request is %s', (status, state) => {
    expect(play(model, read(status)).matches(state)).toBe(true);
  });

  it('ends as accepted when the request was accepted', () => {
    const snapshot = play(model, read('active'));
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ outcome: 'accepted' });
  });

  it('offers a retry when the own request could not be read', () => {
    expect(play(model, fail('fetchOwnRequest', networkError())).matches('loadFailed')).toBe(true);
    expect(play(model, fail('fetchOwnRequest', networkError()), { type: 'retry' }, noRequest).matches('editing')).toBe(true);
  });

  it('refuses a join without nickname, role and reCAPTCHA, and a code that is not six digits', () => {
    const snapshot = play(model, noRequest, change('code', '12345'), submit);
    expectInvalid(snapshot, [
      { field: 'code', rule: 'sixDigits' },
      { field: 'nickname', rule: 'required' },
      { field: 'role', rule: 'required' },
      { field: 'recaptcha', rule: 'recaptcha' },
    ]);
  });

  it('refuses a family reference over 10 characters and a malformed admin email', () => {
    const snapshot = play(model, noRequest, ...completed, change('familyRef', 'F'.repeat(11)), change('adminEmail', 'admin'), submit);
    expect(snapshot.context.fieldErrors).toEqual([
      { field: 'adminEmail', rule: 'format' },
      { field: 'familyRef', rule: 'maxLength' },
    ]);
  });

  it('sends the admin email, reference, code, nickname, role and token', () => {
    expect(invokedInput(model, sent, 'joinFamily')).toEqual({ ...sampleJoinLink(), nickname: JOIN_NICKNAME, role: 'SIBLING', recaptcha: JOIN_TOKEN });
  });

  it('shows the waiting screen once the request is sent, read back for its ids', () => {
    expect(play(model, ...joined).matches({ pending: 'refreshing' })).toBe(true);
    const snapshot = play(model, ...waiting);
    expect(snapshot.matches({ pending: { waiting: 'idle' } })).toBe(true);
    expect(snapshot.context.ownRequest).toEqual(sampleOwnRequest('pending'));
  });

  it.each([
    ['familyFull', 'full'],
    ['familyCodeExpired', 'codeExpired'],
    ['familyAdminEmailNotFound', 'adminEmailNotFound'],
    ['familyCodeMismatch', 'codeMismatch'],
    ['familyNotFound', 'notFound'],
    ['familyCannotCreateOrJoin', 'cannotJoin'],
    ['indecentLanguage', 'indecent'],
    ['recaptchaFailed', 'recaptchaFailed'],
    ['familyNoLoginEmail', 'noLoginEmail'],
    ['familyFunctionalAccount', 'functionalAccount'],
    ['familyStudentOnly', 'studentOnly'],
  ] as const)('a typed-in join refused with %s is shown as editing.%s', (code, state) => {
    const snapshot = play(model, noRequest, typedCode, ...completed, submit, fail('joinFamily', apiError(code)));
    expect(snapshot.matches({ editing: state })).toBe(true);
  });

  it.each(['familyCodeExpired', 'familyCodeMismatch', 'familyNotFound', 'familyAdminEmailNotFound'] as const)(
    'a join from the untouched link refused with %s means the link is expired or invalid',
    (code) => {
      expect(play(model, ...sent, fail('joinFamily', apiError(code))).matches({ editing: 'joinLinkInvalid' })).toBe(true);
    },
  );

  it('a full family is full whether the code came from a link or not', () => {
    expect(play(model, ...sent, fail('joinFamily', apiError('familyFull'))).matches({ editing: 'full' })).toBe(true);
  });

  it('a sixth wrong code ends in held with the time', () => {
    const attempt = [typedCode, ...completed, submit] as const;
    const events: AnyEventObject[] = [noRequest];
    for (let i = 0; i < 5; i++) events.push(...attempt, fail('joinFamily', apiError('familyCodeMismatch')));
    const fifth = play(model, ...events);
    expect(fifth.matches({ editing: 'codeMismatch' })).toBe(true);
    const sixth = play(model, ...events, ...attempt, fail('joinFamily', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(sixth.matches('held')).toBe(true);
    expect(sixth.hasTag('error')).toBe(true);
    expect(sixth.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });

  it('offers the form again when the hold ends', () => {
    const snapshot = play(model, ...sent, fail('joinFamily', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })), joinHoldExpiry);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.holdUntil).toBeNull();
  });

  describe('the hold timer', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('waits from the given clock until the hold ends', () => {
      expect(delayUntil(SAMPLE_HOLD_UNTIL, SAMPLE_NOW)).toBe(60 * 60 * 1000);
      expect(delayUntil(SAMPLE_HOLD_UNTIL, SAMPLE_NOW + 2 * 60 * 60 * 1000)).toBe(0);
      expect(delayUntil(null, SAMPLE_NOW)).toBe(0);
      expect(delayUntil('not a time', SAMPLE_NOW)).toBe(0);
    });

    it('fires at holdUntil on a live actor', async () => {
      vi.useFakeTimers();
      // Actor results are sent by hand, as replays do; the machine's own event type does not list them.
      const actor: AnyActorRef = createActor(model.machine, { input: { lang: 'en', link: null, now: sampleNow } }).start();
      const events: AnyEventObject[] = [noRequest, typedCode, change('adminEmail', 'public1@demo.test'), change('familyRef', 'F7K2Q9'), ...completed, submit];
      for (const event of events) actor.send(event);
      actor.send(fail('joinFamily', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })));
      expect(actor.getSnapshot().matches('held')).toBe(true);
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - 1);
      expect(actor.getSnapshot().matches('held')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
      actor.stop();
    });
  });

  it('throws away the spent token after any answer, so the widget is solved again', () => {
    for (const answer of [done('joinFamily', { status: 'pending' }), fail('joinFamily', apiError('familyFull')), fail('joinFamily', networkError())]) {
      const snapshot = play(model, ...sent, answer);
      expect(snapshot.context.recaptcha).toBe('');
      expect(snapshot.context.recaptchaRound).toBe(1);
    }
  });

  it('marks the nickname the server found indecent', () => {
    const refusal = apiError('indecentLanguage', { fields: [{ field: 'nickname', rule: 'indecent' }] });
    const snapshot = play(model, ...sent, fail('joinFamily', refusal));
    expectInvalid(snapshot, [{ field: 'nickname', rule: 'indecent' }]);
  });

  it('refreshing the waiting screen shows the decision', () => {
    const refresh = { type: 'request.refresh' } as const;
    expect(play(model, ...waiting, refresh).matches({ pending: 'refreshing' })).toBe(true);
    expect(play(model, ...waiting, refresh, read('declined')).matches({ pending: { declined: 'notice' } })).toBe(true);
    expect(play(model, ...waiting, refresh, read('pending')).matches({ pending: { waiting: 'idle' } })).toBe(true);
    expect(play(model, ...waiting, refresh, read('active')).output).toEqual({ outcome: 'accepted' });
  });

  it('a refresh that fails can be tried again', () => {
    const failed = play(model, ...waiting, { type: 'request.refresh' }, fail('fetchOwnRequest', networkError()));
    expect(failed.matches({ pending: 'refreshFailed' })).toBe(true);
    expect(play(model, ...waiting, { type: 'request.refresh' }, fail('fetchOwnRequest', networkError()), { type: 'request.refresh' }).matches({ pending: 'refreshing' })).toBe(true);
  });

  it('withdraws a pending request after confirmation, back to the form', () => {
    const ask = { type: 'request.withdraw' } as const;
    const withdraw = [ask, { type: 'dialog.confirm' } as const];
    expect(play(model, ...waiting, ask).matches({ pending: { waiting: 'confirmingWithdraw' } })).toBe(true);
    expect(play(model, ...waiting, ask, { type: 'dialog.cancel' }).matches({ pending: { waiting: 'idle' } })).toBe(true);
    expect(invokedInput(model, [...waiting, ...withdraw], 'handleRequest')).toEqual({
      familyId: 'f-chan',
      memberId: 'm-siu-ming',
      actions: 'WITHDRAW',
      lang: 'en',
    });
    const snapshot = play(model, ...waiting, ...withdraw, done('handleRequest', undefined));
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.ownRequest).toBeNull();
  });

  it('a declined request may also be withdrawn', () => {
    const events = [read('declined'), { type: 'request.withdraw' } as const, { type: 'dialog.confirm' } as const];
    expect(invokedInput(model, events, 'handleRequest')).toMatchObject({ actions: 'WITHDRAW' });
    expect(play(model, read('declined'), { type: 'request.withdraw' }, { type: 'dialog.cancel' }).matches({ pending: { declined: 'notice' } })).toBe(true);
  });

  it('a processed request cannot be withdrawn; a refresh shows what happened', () => {
    const refused = [...waiting, { type: 'request.withdraw' } as const, { type: 'dialog.confirm' } as const, fail('handleRequest', apiError('familyCannotWithdrawProcessed'))];
    expect(play(model, ...refused).matches({ pending: 'cannotWithdraw' })).toBe(true);
    expect(play(model, ...refused, { type: 'request.refresh' }, read('active')).output).toEqual({ outcome: 'accepted' });
  });

  it.each(['declined', 'kicked', 'dismissed'] as const)('acknowledging the %s notice returns to the form', (status) => {
    const events = [read(status), { type: 'notice.acknowledge' } as const];
    expect(invokedInput(model, events, 'handleRequest')).toEqual({ familyId: 'f-chan', memberId: 'm-siu-ming', actions: 'ACKNOWLEDGE', lang: 'en' });
    expect(play(model, ...events, done('handleRequest', undefined)).matches({ editing: 'idle' })).toBe(true);
  });

  it('a failed withdraw or acknowledge is shown, and a refresh reads the request again', () => {
    const failed = play(model, read('kicked'), { type: 'notice.acknowledge' }, fail('handleRequest', networkError()));
    expect(failed.matches({ pending: 'actionFailed' })).toBe(true);
    expect(failed.context.errorCode).toBe('network');
  });

  it('can be left from the form, ending as cancelled', () => {
    const snapshot = play(model, noRequest, { type: 'form.cancel' });
    // With the values (here the link's), so that going back to the form shows them again (issue 13).
    expect(snapshot.output).toEqual({ outcome: 'cancelled', values: { ...sampleJoinLink(), nickname: '', role: '' } });
  });
});
