import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import {
  SAMPLE_DOMAIN_PUBLIC,
  SAMPLE_DOMAIN_TAKEN,
  SAMPLE_READ_ONLY_SETTINGS,
  SAMPLE_SAVED_SETTINGS,
  SAMPLE_SETTINGS,
  schoolSettingsModel as model,
} from '../../../machines/org-account/school-settings.model.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const loaded = done('loadSettings', SAMPLE_SETTINGS);
const submit = { type: 'form.submit' } as const;
const add = { type: 'domain.add' } as const;

describeModelPaths('schoolSettings', model);

describe('schoolSettings', () => {
  it('shows a read-only administrator the values with nothing to change them', () => {
    const snapshot = play(model, done('loadSettings', SAMPLE_READ_ONLY_SETTINGS));
    expect(snapshot.matches('readOnly')).toBe(true);
    expect(snapshot.context.values.emailDomains).toEqual(SAMPLE_SETTINGS.emailDomains);
    expect(snapshot.can(submit)).toBe(false);
    expect(snapshot.can(add)).toBe(false);
    expect(snapshot.can({ type: 'domain.remove', domain: 'demo-school.edu.hk' })).toBe(false);
  });

  it('adds a domain in lower case, and refuses one that is not a domain or is listed already', () => {
    const added = play(model, loaded, change('newDomain', ' New.Demo-School.edu.HK '), add);
    expect(added.context.values.emailDomains).toEqual([...SAMPLE_SETTINGS.emailDomains, 'new.demo-school.edu.hk']);
    expect(added.context.values.newDomain).toBe('');
    const wrong = play(model, loaded, change('newDomain', 'not a domain'), add);
    expectInvalid(wrong, [{ field: 'newDomain', rule: 'format' }]);
    const twice = play(model, loaded, change('newDomain', 'demo-school.edu.hk'), add);
    expect(twice.context.fieldErrors).toEqual([{ field: 'newDomain', rule: 'duplicated' }]);
    expect(play(model, loaded, add).context.fieldErrors).toEqual([{ field: 'newDomain', rule: 'required' }]);
  });

  it('reports every problem at once on saving, without a call', () => {
    const snapshot = play(model, loaded, change('schoolEmail', 'office@'), change('newDomain', 'not a domain'), submit);
    expectInvalid(snapshot, [
      { field: 'schoolEmail', rule: 'format' },
      { field: 'newDomain', rule: 'format' },
    ]);
  });

  it('says nothing changed, without a call, when the values are those saved', () => {
    const snapshot = play(model, loaded, change('allowQrLogin', false), change('allowQrLogin', true), submit);
    expect(snapshot.matches({ editing: 'unchanged' })).toBe(true);
    // Removing and adding back the same domain is no change either.
    const back = play(model, loaded, { type: 'domain.remove', domain: 'staff.demo-school.edu.hk' }, change('newDomain', 'staff.demo-school.edu.hk'), submit);
    expect(back.matches({ editing: 'unchanged' })).toBe(true);
  });

  it('sends the list with the domain typed and not added, separated by spaces', () => {
    const input = invokedInput(model, [loaded, change('newDomain', 'new.demo-school.edu.hk'), change('allowQrLogin', false), submit], 'saveSettings');
    expect(input).toEqual({ schoolEmail: SAMPLE_SETTINGS.schoolEmail, emailDomains: 'demo-school.edu.hk staff.demo-school.edu.hk new.demo-school.edu.hk', allowQrLogin: false });
  });

  it('shows what the server saved, and a second save of it says nothing changed', () => {
    const saved = play(model, loaded, change('allowQrLogin', false), submit, done('saveSettings', SAMPLE_SAVED_SETTINGS));
    expect(saved.matches('saved')).toBe(true);
    expect(saved.context.values).toEqual({ schoolEmail: SAMPLE_SAVED_SETTINGS.schoolEmail, emailDomains: SAMPLE_SAVED_SETTINGS.emailDomains, newDomain: '', allowQrLogin: false });
    expect(play(model, loaded, change('allowQrLogin', false), submit, done('saveSettings', SAMPLE_SAVED_SETTINGS), submit).matches({ editing: 'unchanged' })).toBe(true);
  });

  it('keeps the typed values when the save fails', () => {
    const failed = play(model, loaded, change('schoolEmail', 'head@demo-school.edu.hk'), submit, fail('saveSettings', networkError()));
    expect(failed.matches({ editing: 'failed' })).toBe(true);
    expect(failed.context.errorCode).toBe('network');
    expect(failed.context.values.schoolEmail).toBe('head@demo-school.edu.hk');
    const refused = play(model, loaded, change('allowQrLogin', false), submit, fail('saveSettings', apiError('orgAccountReadOnly')));
    expect(refused.context.errorCode).toBe('orgAccountReadOnly');
    expect(refused.context.values.allowQrLogin).toBe(false);
  });

  it('names each domain the server refused, the typed one listed, and keeps the other values', () => {
    const refused = play(model, loaded, change('newDomain', ' New.Demo-School.edu.hk. '), change('allowQrLogin', false), submit, fail('saveSettings', SAMPLE_DOMAIN_TAKEN));
    expect(refused.matches({ editing: 'domainsRefused' })).toBe(true);
    expect(refused.hasTag('error')).toBe(true);
    expect(refused.context.errorCode).toBe('teacherDomainTaken');
    expect(refused.context.fieldErrors).toEqual([
      { field: 'emailDomains.new.demo-school.edu.hk', rule: 'domainTaken' },
      { field: 'emailDomains.gmail.com', rule: 'publicDomain' },
    ]);
    expect(refused.context.values).toEqual({ schoolEmail: SAMPLE_SETTINGS.schoolEmail, emailDomains: [...SAMPLE_SETTINGS.emailDomains, 'new.demo-school.edu.hk'], newDomain: '', allowQrLogin: false });
    const publicOnly = play(model, loaded, change('allowQrLogin', false), submit, fail('saveSettings', SAMPLE_DOMAIN_PUBLIC));
    expect(publicOnly.matches({ editing: 'domainsRefused' })).toBe(true);
    expect(publicOnly.context.errorCode).toBe('teacherDomainPublic');
  });

  it('clears the refusal once the last refused domain listed is removed, and only then', () => {
    const refused = [loaded, change('newDomain', 'new.demo-school.edu.hk'), submit, fail('saveSettings', SAMPLE_DOMAIN_TAKEN)] as const;
    const other = play(model, ...refused, { type: 'domain.remove', domain: 'staff.demo-school.edu.hk' });
    expect(other.matches({ editing: 'domainsRefused' })).toBe(true);
    expect(other.context.fieldErrors).toHaveLength(2);
    const last = play(model, ...refused, { type: 'domain.remove', domain: 'new.demo-school.edu.hk' });
    expect(last.matches({ editing: 'idle' })).toBe(true);
    expect(last.context).toMatchObject({ fieldErrors: [], errorCode: null });
    expect(last.context.values.emailDomains).toEqual(SAMPLE_SETTINGS.emailDomains);
  });

  it('ends for an account without read permission, and reads again after a failed load', () => {
    expect(play(model, fail('loadSettings', apiError('orgAccountNoAccess'))).status).toBe('done');
    expect(play(model, fail('loadSettings', networkError()), { type: 'retry' }).matches('loading')).toBe(true);
  });
});
