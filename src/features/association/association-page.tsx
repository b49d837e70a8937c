import { useActorRef } from '@xstate/react';
import { associationMachine } from '../../../machines/association/association.machine.ts';
import { associationActors } from '../../api/association.ts';
import { AssociationView } from './association-view.tsx';

const liveMachine = associationMachine.provide({ actors: associationActors });

/** Starts the account association flow with the real calls. */
export function AssociationPage() {
  const actor = useActorRef(liveMachine, { input: {} });
  return <AssociationView actor={actor} />;
}
