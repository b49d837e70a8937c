import { assign, setup } from 'xstate';
import type { MyDataFile } from '../../contract/schemas/my-data.ts';
import { actorOutput, calling, childrenOf, errorCodeActions, failTo, failureHoldUntil, flowTypes, formGuards, refusal, unprovided, type FailureCode } from '../form.ts';
import { STEP_UP_CHILD, stepUpGuards, stepUpRoute, steppingUp } from '../step-up/index.ts';

export type MyDataInput = Record<string, never>;

export interface MyDataContext {
  /** The file saved by the last download. */
  file: MyDataFile | null;
  /** The code of the last failure (shown in `limited` and `failed`). */
  errorCode: FailureCode | null;
  /** `limited`: when the next download may be asked for (ISO). */
  holdUntil: string | null;
}

export type MyDataEvent = { type: 'data.download' } | { type: 'retry' };

const actors = {
  ...STEP_UP_CHILD,
  downloadMyData: unprovided<MyDataFile, void>('myData', 'downloadMyData'),
};

export const myDataMachine = setup({
  types: { ...flowTypes<MyDataContext, MyDataEvent, MyDataInput>(), children: childrenOf(actors) },
  actors,
  guards: { ...formGuards, ...stepUpGuards },
  actions: {
    ...errorCodeActions<MyDataContext, MyDataEvent>(),
    assignFile: assign({ file: ({ event }) => actorOutput<MyDataFile>(event, 'downloadMyData') }),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
  },
}).createMachine({
  id: 'myData',
  context: { file: null, errorCode: null, holdUntil: null },
  initial: 'idle',
  states: {
    /** What the file holds, and the button that makes it. */
    idle: {
      tags: ['ready'],
      on: { 'data.download': 'preparing' },
    },
    /** The server gathers the data and the browser saves the file: progress is shown. */
    preparing: calling('downloadMyData', {
      onDone: { target: 'downloaded', actions: 'assignFile' },
      onError: [stepUpRoute('steppingUp'), { ...refusal('limited', 'myDataDailyLimit'), actions: ['assignErrorCode', 'assignHoldUntil'] }, failTo('failed')],
    }),
    /**
     * The server asked for a fresh proof (docs/decisions/step-up.md): the step-up dialog runs over
     * the page; a proof sends the download again, a cancel goes back to the button.
     */
    steppingUp: steppingUp('preparing', 'idle'),
    /** Saved: one download a day, so nothing more to do here today. */
    downloaded: { tags: ['done'] },
    /** Downloaded less than 24 hours ago: says when it may be asked for again. */
    limited: { tags: ['error'] },
    /** Not made or not reached: the code says which; trying again makes no second download if the first went through. */
    failed: {
      tags: ['error'],
      on: { retry: { target: 'preparing', actions: 'clearError' } },
    },
  },
});
