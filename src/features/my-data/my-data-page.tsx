import { useActorRef } from '@xstate/react';
import { myDataMachine } from '../../../machines/my-data/my-data.machine.ts';
import { myDataActors } from '../../api/my-data.ts';
import { MyDataView } from './my-data-view.tsx';

const liveMyDataMachine = myDataMachine.provide({ actors: { downloadMyData: myDataActors.downloadMyData } });

/** Starts the My data flow with the real download. */
export function MyDataPage() {
  const actor = useActorRef(liveMyDataMachine, { input: {} });
  return <MyDataView actor={actor} />;
}
