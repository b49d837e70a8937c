import { useActorRef } from '@xstate/react';
import { profileFormMachine } from '../../../../machines/profile/profile-form.machine.ts';
import { profileActors } from '../../../api/profile.ts';
import { ParentProfileView } from './parent-profile-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: profileActors });

/** `/profile/parent` with the real calls. */
export function ParentProfilePage() {
  const actor = useActorRef(liveMachine, { input: { form: 'parent' } });
  return <ParentProfileView actor={actor} />;
}
