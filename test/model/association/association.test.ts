import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { ErrorCode } from '../../../contract/errors.ts';
import { associationModel as model, SAMPLE_ASSOCIATED, SAMPLE_TICKET, SAMPLE_TO_ASSOCIATE } from '../../../machines/association/association.model.ts';
import { apiError, change, done, fail, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_PASSWORD } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const loaded = done('listAssociations', { associations: [SAMPLE_ASSOCIATED] });
const filled = [change('cityId', SAMPLE_TO_ASSOCIATE.cityId), change('password', SAMPLE_PASSWORD)] as const;
const submitted = [loaded, ...filled, { type: 'form.submit' }] as const;
const checked = [...submitted, done('checkAssociation', SAMPLE_TICKET)] as const;
const confirmed = [...checked, { type: 'dialog.confirm' }] as const;
const removing = [loaded, { type: 'association.remove', id: SAMPLE_ASSOCIATED.id }, { type: 'dialog.confirm' }] as const;

describeModelPaths('association', model);

/** What the check finds about the account, and the association finds again when the ticket is spent. */
const ACCOUNT_REFUSALS = [
  ['notStudent', 'notStudent'],
  ['alreadyHasActiveAssociation', 'alreadyAssociated'],
  ['duplicated_relationship_nature', 'duplicated'],
] as const;

/** Each code answered by `actor` after `before`: its state, its code kept, no ticket left. */
function refusedEach(actor: 'checkAssociation' | 'associate', before: readonly AnyEventObject[], cases: ReadonlyArray<readonly [string, string]>) {
  return cases.map(([code, state]) => {
    const snapshot = play(model, ...before, fail(actor, apiError(code as ErrorCode)));
    expect(snapshot.matches({ editing: state }), code).toBe(true);
    expect(snapshot.context.errorCode).toBe(code);
    expect(snapshot.context.ticket).toBeNull();
    return snapshot;
  });
}

describe('association', () => {
  it('lists the associated accounts first', () => {
    expect(play(model).matches('loading')).toBe(true);
    const snapshot = play(model, loaded);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.associations).toEqual([SAMPLE_ASSOCIATED]);
  });

  it('reports every problem of the form at once, without asking for confirmation', () => {
    const snapshot = play(model, loaded, { type: 'form.submit' });
    expect(snapshot.matches({ editing: 'invalid' })).toBe(true);
    expect(snapshot.context.fieldErrors.map((issue: { field: string }) => issue.field)).toEqual(['cityId', 'password']);
  });

  it('has the server check the login ID and password before asking, and forgets the password once it answers', () => {
    const checking = play(model, ...submitted);
    expect(checking.matches('checking')).toBe(true);
    expect(checking.can({ type: 'dialog.confirm' })).toBe(false);
    const asking = play(model, ...checked);
    expect(asking.matches('confirmingAssociate')).toBe(true);
    expect(asking.context.ticket).toEqual(SAMPLE_TICKET);
    expect(asking.context.values).toEqual({ cityId: SAMPLE_TO_ASSOCIATE.cityId, password: '' });
  });

  it('a cancelled association keeps the login ID and drops the ticket', () => {
    const cancelled = play(model, ...checked, { type: 'dialog.cancel' });
    expect(cancelled.matches({ editing: 'idle' })).toBe(true);
    expect(cancelled.context.values).toEqual({ cityId: SAMPLE_TO_ASSOCIATE.cityId, password: '' });
    expect(cancelled.context.ticket).toBeNull();
  });

  it('confirms the association, lists it and empties the form', () => {
    const snapshot = play(model, ...confirmed, done('associate', { account: SAMPLE_TO_ASSOCIATE, associations: [SAMPLE_ASSOCIATED, SAMPLE_TO_ASSOCIATE] }));
    expect(snapshot.matches({ editing: 'associated' })).toBe(true);
    expect(snapshot.context.changed).toEqual(SAMPLE_TO_ASSOCIATE);
    expect(snapshot.context.associations).toHaveLength(2);
    expect(snapshot.context.values).toEqual({ cityId: '', password: '' });
  });

  it('lands each refusal of the check in its own state, keeping the login ID and forgetting the password', () => {
    const cases = [['wrongPasswordOrUserNotFound', 'wrongPassword'], ...ACCOUNT_REFUSALS, ['invalid_relationship_nature', 'invalidNature']] as const;
    for (const snapshot of refusedEach('checkAssociation', submitted, cases)) {
      expect(snapshot.context.values).toEqual({ cityId: SAMPLE_TO_ASSOCIATE.cityId, password: '' });
    }
    const throttled = play(model, ...submitted, fail('checkAssociation', apiError('loginThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })));
    expect(throttled.matches({ editing: 'throttled' })).toBe(true);
    expect(throttled.context.holdUntil).toBe(SAMPLE_HOLD_UNTIL);
  });

  it('refuses a lapsed, spent or foreign ticket, or an account changed since the check, dropping the ticket', () => {
    const cases = [['associationTicketInvalid', 'ticketInvalid'], ...ACCOUNT_REFUSALS] as const;
    expect(refusedEach('associate', confirmed, cases)).toHaveLength(cases.length);
  });

  it('tells an account that is no full member why, and ends', () => {
    for (const snapshot of [
      play(model, fail('listAssociations', apiError('non_full_member'))),
      play(model, ...submitted, fail('checkAssociation', apiError('non_full_member'))),
      play(model, ...confirmed, fail('associate', apiError('non_full_member'))),
    ]) {
      expect(snapshot.matches('forbidden')).toBe(true);
      expect(snapshot.status).toBe('done');
    }
  });

  it('asks before removing; a cancelled removal keeps the association', () => {
    expect(play(model, ...removing.slice(0, 2)).context.selected).toEqual(SAMPLE_ASSOCIATED);
    const cancelled = play(model, ...removing.slice(0, 2), { type: 'dialog.cancel' });
    expect(cancelled.matches({ editing: 'idle' })).toBe(true);
    expect(cancelled.context.associations).toEqual([SAMPLE_ASSOCIATED]);
  });

  it('confirms the removal and lists what remains', () => {
    const snapshot = play(model, ...removing, done('removeAssociation', { account: SAMPLE_ASSOCIATED, associations: [] }));
    expect(snapshot.matches({ editing: 'removed' })).toBe(true);
    expect(snapshot.context.changed).toEqual(SAMPLE_ASSOCIATED);
    expect(snapshot.context.associations).toEqual([]);
  });

  it('drops an association removed meanwhile from the list, saying why', () => {
    for (const [code, state] of [['not_exist_user_relationship', 'removeUnknown'], ['inactiveAssociateAccount', 'removeInactive']] as const) {
      const snapshot = play(model, ...removing, fail('removeAssociation', apiError(code)));
      expect(snapshot.matches({ editing: state })).toBe(true);
      expect(snapshot.context.errorCode).toBe(code);
      expect(snapshot.context.associations).toEqual([]);
    }
  });

  it('keeps the list after a failed call, and reads it again after a failed load', () => {
    const failed = play(model, ...removing, fail('removeAssociation', networkError()));
    expect(failed.matches({ editing: 'failed' })).toBe(true);
    expect(failed.context.associations).toEqual([SAMPLE_ASSOCIATED]);
    expect(play(model, fail('listAssociations', networkError()), { type: 'retry' }).matches('loading')).toBe(true);
  });

  it('ignores a removal of an association not on the list', () => {
    expect(play(model, loaded).can({ type: 'association.remove', id: 'unknown' })).toBe(false);
    expect(play(model, loaded).can({ type: 'association.remove', id: SAMPLE_ASSOCIATED.id })).toBe(true);
  });
});
