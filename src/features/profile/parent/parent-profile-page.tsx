import { useActorRef } from '@xstate/react';
import { ParentProfileSchema } from '../../../../contract/schemas/parent-profile.ts';
import { profileFormMachine, type ProfileFormInput } from '../../../../machines/profile/profile-form.machine.ts';
import { parentProfileActors } from '../../../api/parent-profile.ts';
import { ParentProfileView } from './parent-profile-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: parentProfileActors });
/** This page's form and its schema, so the page downloads no other form's. */
const input: ProfileFormInput = { form: 'parent', schema: ParentProfileSchema };

/** `/profile/parent` with the real calls. */
export function ParentProfilePage() {
  const actor = useActorRef(liveMachine, { input });
  return <ParentProfileView actor={actor} />;
}
