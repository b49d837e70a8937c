import { defineMessages } from '../../i18n/define-messages.ts';

/** Texts every profile form shows (group `profileForm`, loaded with each profile form's route). */
export const profileFormMessages = defineMessages({
  loading: { id: 'profileForm.loading', defaultMessage: 'Loading your profile…', description: 'Shown while a profile page is being read.' },
  loadFailed: {
    id: 'profileForm.loadFailed',
    defaultMessage: 'We could not load this page.',
    description: 'Heading of the notice shown when a profile page could not be read.',
  },
  retry: { id: 'profileForm.retry', defaultMessage: 'Try again', description: 'Button that reads the profile page again.' },
  save: { id: 'profileForm.save', defaultMessage: 'Save changes', description: 'Submit button of a profile form.' },
  saving: { id: 'profileForm.saving', defaultMessage: 'Saving…', description: 'Submit button of a profile form while saving.' },
  reset: { id: 'profileForm.reset', defaultMessage: 'Undo changes', description: 'Button that puts back the values last saved.' },
  saved: { id: 'profileForm.saved', defaultMessage: 'Your changes have been saved.', description: 'Announced after a profile form was saved.' },
  notChosen: { id: 'profileForm.notChosen', defaultMessage: 'Not chosen', description: 'Empty choice of an optional select list.' },
  none: { id: 'profileForm.none', defaultMessage: 'None', description: 'Shown for a read-only value that is empty.' },
  readOnlyHint: {
    id: 'profileForm.readOnlyHint',
    defaultMessage: 'Managed by your school administrator; you cannot change it here.',
    description: 'Hint beside read-only school information.',
  },
  chooseAny: { id: 'profileForm.chooseAny', defaultMessage: 'Select all that apply.', description: 'Hint of a group of checkboxes.' },
});
