import { domainField, type SchoolSettings } from '../../contract/schemas/org-account.ts';
import { apiError, change, contextKey, defineModel, done, fail, failEach, networkError } from '../model-kit.ts';
import { schoolSettingsMachine } from './school-settings.machine.ts';

/** The demo school's settings, as the server answers its administrator. */
export const SAMPLE_SETTINGS: SchoolSettings = {
  schoolName: 'Demo Secondary School',
  schoolChineseName: '示範中學',
  schoolEmail: 'office@demo-school.edu.hk',
  emailDomains: ['demo-school.edu.hk', 'staff.demo-school.edu.hk'],
  allowQrLogin: true,
  canWrite: true,
};
export const SAMPLE_READ_ONLY_SETTINGS: SchoolSettings = { ...SAMPLE_SETTINGS, canWrite: false };

/** What the server answers after the sample changes: the new domain added, QR login off. */
export const SAMPLE_SAVED_SETTINGS: SchoolSettings = {
  ...SAMPLE_SETTINGS,
  emailDomains: ['demo-school.edu.hk', 'new.demo-school.edu.hk', 'staff.demo-school.edu.hk'],
  allowQrLogin: false,
};

/**
 * The server's refusals of domains: the typed domain another school holds, with a public mail
 * service's named too (the first problem's code answers), and a public one alone.
 */
export const SAMPLE_DOMAIN_TAKEN = apiError('teacherDomainTaken', {
  fields: [
    { field: domainField('new.demo-school.edu.hk'), rule: 'domainTaken' },
    { field: domainField('gmail.com'), rule: 'publicDomain' },
  ],
});
export const SAMPLE_DOMAIN_PUBLIC = apiError('teacherDomainPublic', { fields: [{ field: domainField('gmail.com'), rule: 'publicDomain' }] });

const SIMPLE_PATH_EVENTS = new Set(['xstate.done.actor.loadSettings', 'form.submit', 'xstate.done.actor.saveSettings', 'xstate.error.actor.saveSettings']);

export const schoolSettingsModel = defineModel(schoolSettingsMachine, {
  input: {},
  events: [
    done('loadSettings', SAMPLE_SETTINGS),
    done('loadSettings', SAMPLE_READ_ONLY_SETTINGS),
    fail('loadSettings', apiError('orgAccountNoAccess')),
    fail('loadSettings', networkError()),
    { type: 'retry' },
    change('newDomain', 'new.demo-school.edu.hk'),
    change('newDomain', 'not a domain'),
    change('schoolEmail', 'office@'),
    change('allowQrLogin', false),
    { type: 'domain.add' },
    { type: 'domain.remove', domain: 'staff.demo-school.edu.hk' },
    { type: 'domain.remove', domain: 'new.demo-school.edu.hk' },
    { type: 'form.submit' },
    done('saveSettings', SAMPLE_SAVED_SETTINGS),
    fail('saveSettings', apiError('invalidPayload', { fields: [{ field: 'schoolEmail', rule: 'format' }] })),
    fail('saveSettings', SAMPLE_DOMAIN_TAKEN),
    fail('saveSettings', SAMPLE_DOMAIN_PUBLIC),
    ...failEach('saveSettings', ['orgAccountReadOnly']),
    fail('saveSettings', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode'),
  // Every value typed is a node of the graph, so the simple paths among them are endless: simple
  // paths follow loading and saving only; the shortest paths reach every gesture's transition.
  simplePathFilter: (_snapshot, event) => SIMPLE_PATH_EVENTS.has(event.type),
  paths: [
    // Change, save, change again and save: the journey of an administrator.
    [
      done('loadSettings', SAMPLE_SETTINGS),
      change('newDomain', 'new.demo-school.edu.hk'),
      { type: 'domain.add' },
      change('allowQrLogin', false),
      { type: 'form.submit' },
      done('saveSettings', SAMPLE_SAVED_SETTINGS),
      { type: 'domain.remove', domain: 'staff.demo-school.edu.hk' },
      { type: 'form.submit' },
      fail('saveSettings', networkError()),
    ],
    // Another school holds the domain typed: remove it and save the rest.
    [
      done('loadSettings', SAMPLE_SETTINGS),
      change('newDomain', 'new.demo-school.edu.hk'),
      { type: 'form.submit' },
      fail('saveSettings', SAMPLE_DOMAIN_TAKEN),
      { type: 'domain.remove', domain: 'staff.demo-school.edu.hk' },
      { type: 'domain.remove', domain: 'new.demo-school.edu.hk' },
      { type: 'form.submit' },
      fail('saveSettings', SAMPLE_DOMAIN_PUBLIC),
    ],
  ],
});
