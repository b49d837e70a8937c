import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CreateFamilyRequest, FamilyCreated, FamilyHold, FamilyOwnRequest, HandleRequest, JoinFamilyRequest } from '../../../contract/schemas/family.ts';
import { familyCreateMachine, type FamilyCreateEvent } from '../../../machines/family/family-create.machine.ts';
import { sampleFamilyCreated } from '../../../machines/family/family-create.model.ts';
import { familyDetailsMachine } from '../../../machines/family/family-details.machine.ts';
import { LOGIN_EMAIL } from '../../../machines/family/family-details.model.ts';
import { familyHomeMachine } from '../../../machines/family/family-home.machine.ts';
import { familyHomeModel as model, homeHoldExpiry, SAMPLE_DISPLAY_NAME, samplePermission } from '../../../machines/family/family-home.model.ts';
import { familyJoinMachine } from '../../../machines/family/family-join.machine.ts';
import { sampleJoinLink, sampleNow } from '../../../machines/family/family-join.model.ts';
import { done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const allowed = done('fetchPermission', samplePermission());
const page = (name: 'home' | 'pending' | 'details') => done('fetchCurrentPage', { page: name });
const notHeld = done('fetchHold', { held: false, holdUntil: null });
const held = done('fetchHold', { held: true, holdUntil: SAMPLE_HOLD_UNTIL });
/** The details page first spends the join link, so the home after it offers the choice. */
const atHome = [allowed, page('details'), done('familyDetails', { ending: 'left' }), allowed, page('home'), notHeld] as const;

describeModelPaths('familyHome', model);

describe('familyHome', () => {
  it('checks the permission first, then the page', () => {
    expect(play(model).matches({ loading: 'permission' })).toBe(true);
    expect(play(model).hasTag('busy')).toBe(true);
    expect(play(model, allowed).matches({ loading: 'currentPage' })).toBe(true);
  });

  it.each([
    ['familyNoLoginEmail', 'noLoginEmail'],
    ['familyFunctionalAccount', 'functionalAccount'],
    ['familyStudentOnly', 'studentOnly'],
    ['familyAccountType', 'accountType'],
  ] as const)('tells a user refused with %s why, in notAllowed.%s', (reason, state) => {
    const snapshot = play(model, done('fetchPermission', samplePermission(reason)));
    expect(snapshot.matches({ notAllowed: state })).toBe(true);
    expect(snapshot.hasTag('error')).toBe(true);
  });

  it('keeps any other refusal as the code of failed', () => {
    const snapshot = play(model, done('fetchPermission', samplePermission('forbidden')));
    expect(snapshot.matches('failed')).toBe(true);
    expect(snapshot.context.errorCode).toBe('forbidden');
  });

  it('goes to the details or the pending request when the server says so', () => {
    expect(play(model, allowed, page('details')).matches('details')).toBe(true);
    expect(play(model, allowed, page('pending')).matches('pending')).toBe(true);
  });

  it('gives the details the language, the login email and the clock', () => {
    // The model opens the page with a join link: a member cannot use it, and the details say so (issue 13).
    expect(invokedInput(model, [allowed, page('details')], 'familyDetails')).toEqual({ lang: 'en', loginEmail: LOGIN_EMAIL, now: sampleNow, unusedLink: sampleJoinLink() });
  });

  it('gives a join link to the pending request it could not be used for, and forgets it once the family is left (issue 13)', () => {
    expect(invokedInput(model, [allowed, page('pending')], 'familyJoin')).toMatchObject({ unusedLink: sampleJoinLink() });
    expect(play(model, ...atHome).context.unusedLink).toBeNull();
  });

  it('prefills the nickname of a new create or join form with the display name (issue 13)', () => {
    expect(invokedInput(model, [...atHome, { type: 'home.create' }], 'familyCreate')).toEqual({ nickname: SAMPLE_DISPLAY_NAME });
    expect(invokedInput(model, [...atHome, { type: 'home.join' }], 'familyJoin')).toMatchObject({ nickname: SAMPLE_DISPLAY_NAME });
    const create = createActor(familyCreateMachine, { input: { nickname: SAMPLE_DISPLAY_NAME } });
    expect(create.getSnapshot().context.values).toEqual({ familyName: '', nickname: SAMPLE_DISPLAY_NAME, role: '' });
    const join = createActor(familyJoinMachine, { input: { lang: 'en', link: sampleJoinLink(), nickname: SAMPLE_DISPLAY_NAME } });
    expect(join.getSnapshot().context.values).toMatchObject({ ...sampleJoinLink(), nickname: SAMPLE_DISPLAY_NAME, role: '' });
  });

  it('keeps what was typed when the user goes back from a form, and shows it on the way in again (issue 13)', () => {
    const typed = { familyName: 'The Lams', nickname: 'Ma Lam', role: 'MOTHER' } as const;
    const backFromCreate = [...atHome, { type: 'home.create' }, done('familyCreate', { outcome: 'cancelled', values: typed })] as const;
    expect(play(model, ...backFromCreate).context.createDraft).toEqual(typed);
    expect(invokedInput(model, [...backFromCreate, { type: 'home.create' }], 'familyCreate')).toEqual({ values: typed });
    const created = done('familyCreate', { outcome: 'created', family: sampleFamilyCreated() });
    expect(play(model, ...backFromCreate, { type: 'home.create' }, created).context.createDraft).toBeNull();
  });

  it('checks the hold only for the create-or-join home', () => {
    expect(play(model, allowed, page('home')).matches({ loading: 'hold' })).toBe(true);
  });

  it('a held user sees until when, and the home is read again when the hold ends', () => {
    const snapshot = play(model, allowed, page('home'), held);
    expect(snapshot.matches('held')).toBe(true);
    expect(snapshot.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
    expect(play(model, allowed, page('home'), held, homeHoldExpiry).matches({ loading: 'permission' })).toBe(true);
  });

  it('opens the prefilled join form when the page came from a join link', () => {
    const snapshot = play(model, allowed, page('home'), notHeld);
    expect(snapshot.matches('join')).toBe(true);
    expect(invokedInput(model, [allowed, page('home'), notHeld], 'familyJoin')).toEqual({ lang: 'en', link: sampleJoinLink(), now: sampleNow, values: null, nickname: SAMPLE_DISPLAY_NAME, unusedLink: null });
  });

  it('offers create or join otherwise, and goes back from either', () => {
    expect(play(model, ...atHome).matches('home')).toBe(true);
    expect(play(model, ...atHome, { type: 'home.create' }).matches('create')).toBe(true);
    expect(play(model, ...atHome, { type: 'home.join' }).matches('join')).toBe(true);
    expect(play(model, ...atHome, { type: 'home.create' }, done('familyCreate', { outcome: 'cancelled' })).matches('home')).toBe(true);
    const backFromJoin = [...atHome, { type: 'home.join' }, done('familyJoin', { outcome: 'cancelled' })] as const;
    expect(play(model, ...backFromJoin).matches({ loading: 'permission' })).toBe(true);
    expect(play(model, ...backFromJoin, allowed, page('home'), notHeld).matches('home')).toBe(true);
  });

  it('shows the hold again after going back from a join that ended held', () => {
    const backFromJoin = [...atHome, { type: 'home.join' }, done('familyJoin', { outcome: 'cancelled' })] as const;
    expect(play(model, ...backFromJoin, allowed, page('home'), held).matches('held')).toBe(true);
  });

  it('shows the new family once created, and the family once the request is accepted', () => {
    expect(play(model, ...atHome, { type: 'home.create' }, done('familyCreate', { outcome: 'created', family: sampleFamilyCreated() })).matches('details')).toBe(true);
    expect(play(model, allowed, page('pending'), done('familyJoin', { outcome: 'accepted' })).matches('details')).toBe(true);
  });

  it('reads the page again when the details end', () => {
    expect(play(model, allowed, page('details'), done('familyDetails', { ending: 'dismissed' })).matches({ loading: 'permission' })).toBe(true);
  });

  it('offers a retry when a read failed, or a child stopped', () => {
    for (const events of [[fail('fetchPermission', networkError())], [allowed, fail('fetchCurrentPage', networkError())], [allowed, page('details'), fail('familyDetails', new Error('stopped'))]]) {
      const snapshot = play(model, ...events);
      expect(snapshot.matches('failed')).toBe(true);
      expect(play(model, ...events, { type: 'retry' }).matches('loading')).toBe(true);
    }
  });

  describe('with its real children', () => {
    const never = <TInput>() => fromPromise<unknown, TInput>(() => new Promise<never>(() => {}));

    function start(answers: { page: 'home' | 'pending' | 'details'; ownRequest?: FamilyOwnRequest | null }) {
      const machine = familyHomeMachine.provide({
        actors: {
          fetchPermission: fromPromise(async () => samplePermission()),
          fetchCurrentPage: fromPromise(async () => ({ page: answers.page })),
          fetchHold: fromPromise(async (): Promise<FamilyHold> => ({ held: false, holdUntil: null })),
          familyCreate: familyCreateMachine.provide({ actors: { createFamily: fromPromise<FamilyCreated, CreateFamilyRequest>(async () => sampleFamilyCreated()) } }),
          familyJoin: familyJoinMachine.provide({
            actors: {
              fetchOwnRequest: fromPromise(async () => answers.ownRequest ?? null),
              joinFamily: never<JoinFamilyRequest>(),
              handleRequest: never<HandleRequest>(),
            },
          }),
          familyDetails: familyDetailsMachine,
        },
      });
      return createActor(machine, { input: { lang: 'en', loginEmail: LOGIN_EMAIL, link: null, now: sampleNow } }).start();
    }

    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('home.back leaves the create form', async () => {
      const actor = start({ page: 'home' });
      await settle();
      actor.send({ type: 'home.create' });
      expect(actor.getSnapshot().children.familyCreate?.getSnapshot().matches({ editing: 'idle' })).toBe(true);
      actor.send({ type: 'home.back' });
      await settle();
      expect(actor.getSnapshot().matches('home')).toBe(true);
      actor.stop();
    });

    it('a created family takes the home to the details', async () => {
      const actor = start({ page: 'home' });
      await settle();
      actor.send({ type: 'home.create' });
      const form: FamilyCreateEvent[] = [
        { type: 'form.change', field: 'familyName', value: 'The Chans' },
        { type: 'form.change', field: 'nickname', value: 'Papa Chan' },
        { type: 'form.change', field: 'role', value: 'FATHER' },
        { type: 'recaptcha.solve', token: 'token' },
        { type: 'form.submit' },
        { type: 'dialog.confirm' },
      ];
      for (const event of form) actor.getSnapshot().children.familyCreate?.send(event);
      await settle();
      expect(actor.getSnapshot().matches('details')).toBe(true);
      actor.stop();
    });

    it('home.back is ignored while the join child shows the pending request', async () => {
      const actor = start({ page: 'pending', ownRequest: { status: 'pending', familyId: 'f-chan', memberId: 'm-siu-ming', familyName: 'The Chans' } });
      await settle();
      await settle();
      expect(actor.getSnapshot().children.familyJoin?.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
      actor.send({ type: 'home.back' });
      await settle();
      expect(actor.getSnapshot().matches('pending')).toBe(true);
      actor.stop();
    });
  });
});
