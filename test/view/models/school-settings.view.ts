import { schoolSettingsModel, SAMPLE_SETTINGS } from '../../../machines/org-account/school-settings.model.ts';
import { refusalMessages } from '../support/refusals.ts';
import { defineViewModel } from '../support/view-model.ts';

const TITLE = { heading: 'School settings' } as const;
const READ_ONLY = 'You can read these settings but not change them. A school administrator with write permission can make changes.';
const SAVED = 'The school settings are saved.';
const UNCHANGED = 'Nothing to save: these are the settings already saved.';
const LABELS = { schoolEmail: 'School email', newDomain: 'Domain to add', allowQrLogin: 'Students may log in with a login QR code' } as const;
const [FIRST_DOMAIN] = SAMPLE_SETTINGS.emailDomains;

/** Data on screen (not a message): matched as it is. */
function data(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

export const schoolSettingsView = defineViewModel({
  model: schoolSettingsModel,
  evidence: {
    loading: [TITLE, { busy: 'Loading the school settings…' }, { absent: 'Save settings' }],
    loadFailed: [TITLE, { alert: 'The school settings could not be loaded.' }, { alert: 'We could not reach the server. Please check your connection and try again.' }, { button: 'Try again' }],
    forbidden: [TITLE, { alert: refusalMessages(schoolSettingsModel, '').forbidden! }, { absent: 'Save settings' }],
    readOnly: [
      TITLE,
      { text: READ_ONLY },
      { text: data(SAMPLE_SETTINGS.schoolEmail) },
      { text: data(FIRST_DOMAIN!) },
      { text: 'Students may log in with a login QR code.' },
      { absent: 'Save settings' },
      { absent: 'Add domain' },
      { absent: 'Remove {domain}' },
      { absent: LABELS.newDomain },
    ],
    editing: [TITLE, { button: 'Save settings' }, { button: 'Add domain' }, { button: 'Remove {domain}' }, { text: LABELS.schoolEmail }, { text: LABELS.allowQrLogin }, { absent: READ_ONLY }],
    'editing.idle': [{ absent: 'There is a problem' }, { absent: SAVED }, { absent: UNCHANGED }],
    // The school email or the domain typed is wrong (the client's check or the server's answer).
    'editing.invalid': [{ alert: 'There is a problem' }, { absent: SAVED }],
    'editing.unchanged': [{ alert: UNCHANGED }, { absent: 'There is a problem' }],
    'editing.failed': [{ alert: 'There is a problem' }, { absent: SAVED }],
    // Both sample refusals name gmail.com (a public mail service); test/view/school-settings.test.tsx checks each code's message.
    'editing.domainsRefused': [{ alert: 'There is a problem' }, { alert: '{domain} is a public mail service, not your school’s domain' }, { absent: SAVED }],
    saving: [TITLE, { busy: 'Saving the settings…' }],
    saved: [TITLE, { alert: SAVED }, { text: data('new.demo-school.edu.hk') }, { button: 'Save settings' }, { absent: 'There is a problem' }],
  },
  acts: {
    'form.change': (event) =>
      event.field === 'allowQrLogin' ? [{ check: LABELS.allowQrLogin, checked: event.value as boolean }] : [{ fill: LABELS[event.field], value: event.value as string }],
    'domain.add': () => [{ click: 'Add domain' }],
    'domain.remove': (event) => [{ click: data(`Remove ${event.domain}`) }],
    'form.submit': () => [{ click: 'Save settings' }],
    retry: () => [{ click: 'Try again' }],
  },
});
