import { describe, expect, it } from 'vitest';
import { apiError, done, fail, networkError } from '../../../machines/model-kit.ts';
import { SAMPLE_MY_DATA_FILE, SAMPLE_MY_DATA_HOLD, SAMPLE_MY_DATA_PROOF, myDataModel as model } from '../../../machines/my-data/my-data.model.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const download = { type: 'data.download' } as const;

describeModelPaths('myData', model);

describe('myData', () => {
  it('shows progress while the file is prepared, then keeps the saved file', () => {
    expect(play(model, download).hasTag('busy')).toBe(true);
    const downloaded = play(model, download, done('downloadMyData', SAMPLE_MY_DATA_FILE));
    expect(downloaded.matches('downloaded')).toBe(true);
    expect(downloaded.context.file).toEqual(SAMPLE_MY_DATA_FILE);
  });

  it('says when the next download may be asked for after the daily limit, and offers no retry', () => {
    const limited = play(model, download, fail('downloadMyData', apiError('myDataDailyLimit', { holdUntil: SAMPLE_MY_DATA_HOLD })));
    expect(limited.matches('limited')).toBe(true);
    expect(limited.context).toMatchObject({ errorCode: 'myDataDailyLimit', holdUntil: SAMPLE_MY_DATA_HOLD });
    expect(limited.can({ type: 'retry' })).toBe(false);
  });

  it('tries again after a lost answer', () => {
    const failed = play(model, download, fail('downloadMyData', networkError()));
    expect(failed.matches('failed')).toBe(true);
    const retried = play(model, download, fail('downloadMyData', networkError()), { type: 'retry' });
    expect(retried.matches('preparing')).toBe(true);
    expect(retried.context.errorCode).toBeNull();
  });

  it('opens the step-up dialog when the server asks for a fresh proof, sends the download again after it, and goes back on cancel', () => {
    const asked = [download, fail('downloadMyData', apiError('stepUpRequired'))] as const;
    const steppingUp = play(model, ...asked);
    expect(steppingUp.matches('steppingUp')).toBe(true);
    expect(steppingUp.children.stepUp).toBeDefined();
    const retried = play(model, ...asked, done('stepUp', { status: 'proved', ...SAMPLE_MY_DATA_PROOF }));
    expect(retried.matches('preparing')).toBe(true);
    expect(retried.children.stepUp).toBeUndefined();
    const cancelled = play(model, ...asked, done('stepUp', { status: 'cancelled' }));
    expect(cancelled.matches('idle')).toBe(true);
    expect(cancelled.context.errorCode).toBeNull();
  });
});
