import { describe, expect, it } from 'vitest';
import { SAMPLE_ERASE_AT, accountClosureModel as model } from '../../../machines/account-closure/account-closure.model.ts';
import { apiError, done, fail, networkError } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const open = done('loadClosure', { eraseAt: null });
const closing = done('loadClosure', { eraseAt: SAMPLE_ERASE_AT });
const start = { type: 'closure.start' } as const;
const confirm = { type: 'dialog.confirm' } as const;

describeModelPaths('accountClosure', model);

describe('accountClosure', () => {
  it('asks to confirm, then closes and keeps the erasure date', () => {
    expect(play(model, open, start).matches('confirming')).toBe(true);
    expect(play(model, open, start, { type: 'dialog.cancel' }).matches('open')).toBe(true);
    const closed = play(model, open, start, confirm, done('closeAccount', { eraseAt: SAMPLE_ERASE_AT }));
    expect(closed.matches('closed')).toBe(true);
    expect(closed.context.eraseAt).toBe(SAMPLE_ERASE_AT);
  });

  it('opens the step-up dialog on stepUpRequired, closes again after a proof and goes back after Cancel', () => {
    const stepping = play(model, open, start, confirm, fail('closeAccount', apiError('stepUpRequired')));
    expect(stepping.matches('steppingUp')).toBe(true);
    expect(stepping.children.stepUp).toBeDefined();
    const proved = play(model, open, start, confirm, fail('closeAccount', apiError('stepUpRequired')), done('stepUp', { status: 'proved', provedUntil: SAMPLE_ERASE_AT }));
    expect(proved.matches('submitting')).toBe(true);
    const cancelled = play(model, open, start, confirm, fail('closeAccount', apiError('stepUpRequired')), done('stepUp', { status: 'cancelled' }));
    expect(cancelled.matches('open')).toBe(true);
  });

  it('shows a refusal with its code, without the way to close', () => {
    for (const code of ['closureSchoolManaged', 'closureLastFamilyAdmin'] as const) {
      const refused = play(model, open, start, confirm, fail('closeAccount', apiError(code)));
      expect(refused.matches('refused')).toBe(true);
      expect(refused.context.errorCode).toBe(code);
      expect(refused.can(start)).toBe(false);
    }
  });

  it('offers Cancel closure while closing, and tries a lost cancel again', () => {
    const pending = play(model, closing);
    expect(pending.matches('closing')).toBe(true);
    expect(pending.context.eraseAt).toBe(SAMPLE_ERASE_AT);
    expect(play(model, closing, { type: 'closure.cancel' }, done('cancelClosure', undefined)).matches('cancelled')).toBe(true);
    const failed = play(model, closing, { type: 'closure.cancel' }, fail('cancelClosure', networkError()));
    expect(failed.matches('cancelFailed')).toBe(true);
    expect(play(model, closing, { type: 'closure.cancel' }, fail('cancelClosure', networkError()), { type: 'retry' }).matches('cancelling')).toBe(true);
  });
});
