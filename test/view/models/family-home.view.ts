import { familyHomeModel } from '../../../machines/family/family-home.model.ts';
import { defineViewModel, type Evidence } from '../support/view-model.ts';

const TITLE = { heading: 'Family' } as const;
/**
 * While a child flow runs, the page shows that flow's own view (test/view/models/family-*.view.ts
 * assert those). Here the children are faked calls, not machines, so the page shows its loading
 * stand-in, as it does while a flow's code downloads.
 */
const childFlow: Evidence = [TITLE, { busy: 'Loading your family…' }, { absent: 'Start a new family' }];

export const familyHomeView = defineViewModel({
  model: familyHomeModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading your family…' }],
    notAllowed: [TITLE, { heading: 'Families are not available for this account' }],
    'notAllowed.noLoginEmail': [{ text: 'Your account has no login email. Please add a login email to your profile first.' }, { text: 'Add a login email' }],
    'notAllowed.functionalAccount': [{ text: 'Functional accounts cannot join a family.' }, { absent: 'Go to your profile' }],
    'notAllowed.studentOnly': [
      { text: 'Student accounts must be upgraded to a student membership before joining a family.' },
      { text: 'Upgrade your account to a student membership: it takes about 5 minutes.' },
    ],
    'notAllowed.accountType': [
      { text: 'Families are for personal accounts: public members, student members and full members. Teacher and school administrator accounts cannot join a family; use your personal account instead.' },
      { absent: 'Try again' },
      { absent: 'Go to your profile' },
    ],
    held: [
      { heading: 'Please wait before trying again' },
      { text: 'There were more than 5 incorrect join requests from your account in 24 hours. You can create or join a family again {retry}.' },
    ],
    home: [TITLE, { heading: 'Start a new family' }, { button: 'Create a family' }, { button: 'Join a family' }],
    create: childFlow,
    join: childFlow,
    pending: childFlow,
    details: childFlow,
    failed: [TITLE, { alert: 'There is a problem' }, { button: 'Try again' }],
  },
  acts: {
    'home.create': () => [{ click: 'Create a family' }],
    'home.join': () => [{ click: 'Join a family' }],
    retry: () => [{ click: 'Try again' }],
  },
  // No view sends it (the forms' own Back buttons cancel the child): it is the app's, sent as it is.
  appEvents: ['home.back'],
});
