import { defineMessages } from '../../../i18n/define-messages.ts';

/** The parent profile (group `profileForm`, small enough to come with the route). */
export const parentMessages = defineMessages({
  title: { id: 'profileParent.title', defaultMessage: 'Parent profile', description: 'Heading of the parent profile page.' },
  lead: {
    id: 'profileParent.lead',
    defaultMessage: 'Choose the topics you would like to hear about as a parent.',
    description: 'Introduction of the parent profile page.',
  },
  interests: { id: 'profileParent.field.interests', defaultMessage: 'Interest areas', description: 'Field name: parent interest areas.' },
});

export const parentInterestMessages = defineMessages({
  CHILD_DEVELOPMENT: { id: 'profileParent.interest.CHILD_DEVELOPMENT', defaultMessage: 'Child development', description: 'Parent interest area.' },
  EDU_AND_CAREERS: { id: 'profileParent.interest.EDU_AND_CAREERS', defaultMessage: 'Further studies and careers', description: 'Parent interest area.' },
  E_LEARNING: { id: 'profileParent.interest.E_LEARNING', defaultMessage: 'e-Learning', description: 'Parent interest area.' },
  PARENT_CHILD: { id: 'profileParent.interest.PARENT_CHILD', defaultMessage: 'Parent-child relationship', description: 'Parent interest area.' },
  PARENT_SCH: { id: 'profileParent.interest.PARENT_SCH', defaultMessage: 'Home-school cooperation', description: 'Parent interest area.' },
  READING: { id: 'profileParent.interest.READING', defaultMessage: 'Reading', description: 'Parent interest area.' },
  SELF_LEARNING: { id: 'profileParent.interest.SELF_LEARNING', defaultMessage: 'Self-directed learning', description: 'Parent interest area.' },
  SPECIAL: { id: 'profileParent.interest.SPECIAL', defaultMessage: 'Special educational needs', description: 'Parent interest area.' },
});
