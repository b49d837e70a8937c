import { useActorRef } from '@xstate/react';
import { BasicProfileSchema } from '../../../../contract/schemas/profile.ts';
import { profileFormMachine, type ProfileFormInput } from '../../../../machines/profile/profile-form.machine.ts';
import { basicProfileActors } from '../../../api/profile.ts';
import { BasicProfileView, type BasicSection, type EmailPanelRenderer } from './basic-profile-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: basicProfileActors });
/** This page's form and its schema, so the page downloads no other form's. */
const input: ProfileFormInput = { form: 'basic', schema: BasicProfileSchema };

/**
 * `/profile`, `/profile/address`, `/profile/emails`: a section of the basic profile with the real
 * calls. Only the emails section has email panels (basic-profile-emails-page.tsx gives them), so
 * the other two do not download the panel's lazy wrapper (issue 26, item 14).
 */
export function BasicProfilePage({ section, emailPanel }: { section: BasicSection; emailPanel?: EmailPanelRenderer }) {
  const actor = useActorRef(liveMachine, { input });
  return <BasicProfileView actor={actor} emailPanel={emailPanel} section={section} />;
}
