import { useActorRef } from '@xstate/react';
import { myDataMachine } from '../../../machines/my-data/my-data.machine.ts';
import { stepUpMachine } from '../../../machines/step-up/index.ts';
import { myDataActors } from '../../api/my-data.ts';
import { stepUpActors } from '../../api/step-up.ts';
import { MyDataView } from './my-data-view.tsx';

const liveMyDataMachine = myDataMachine.provide({
  actors: { downloadMyData: myDataActors.downloadMyData, stepUp: stepUpMachine.provide({ actors: stepUpActors }) },
});

/** Starts the My data flow with the real download, and the step-up dialog when the server asks for a proof. */
export function MyDataPage() {
  const actor = useActorRef(liveMyDataMachine, { input: {} });
  return <MyDataView actor={actor} />;
}
