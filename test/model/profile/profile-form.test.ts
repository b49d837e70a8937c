import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import {
  GENERATED_NICKNAME,
  NEW_NICKNAME,
  PROFILE_FORM_INPUTS,
  profileFormModel as model,
  sampleBasicProfile,
  sampleLoaded,
  sampleParentProfile,
  sampleSaved,
  sampleTeacherData,
  sampleTeacherProfile,
} from '../../../machines/profile/profile-form.model.ts';
import type { ProfileFormInput, ProfileLoaded } from '../../../machines/profile/profile-form.machine.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const checked = done('checkProfile', []);
const loaded = done('loadProfile', sampleLoaded());
const edited = [loaded, change('nickname', NEW_NICKNAME), submit] as const;
const generate = { type: 'nickname.generate', lang: 'zh_hant' } as const;

/** The same machine with another form's input (its page's form and schema). */
function withInput(form: ProfileFormInput['form']) {
  return { ...model, input: PROFILE_FORM_INPUTS[form] };
}

describeModelPaths('profileForm', model);

describe('profileForm', () => {
  it('reads the page first, then opens on the saved values with the details beside them', () => {
    expect(play(model).matches('loading')).toBe(true);
    expect(invokedInput(model, [], 'loadProfile')).toEqual({ form: 'basic' });
    const snapshot = play(model, loaded);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values).toEqual(sampleBasicProfile());
    expect(snapshot.context.details).toEqual(sampleLoaded().details);
  });

  it('offers a retry when the page could not be read', () => {
    const failed = play(model, fail('loadProfile', apiError('forbidden')));
    expect(failed.matches('loadFailed')).toBe(true);
    expect(failed.context.errorCode).toBe('forbidden');
    expect(play(model, fail('loadProfile', networkError()), { type: 'retry' }).matches('loading')).toBe(true);
    expect(play(model, fail('loadProfile', networkError()), { type: 'retry' }, loaded).context.errorCode).toBeNull();
  });

  it('fills the nickname with the generated proposal, asked for in the language on screen', () => {
    expect(play(model, loaded, generate).matches({ editing: 'generatingNickname' })).toBe(true);
    expect(invokedInput(model, [loaded, generate], 'generateNickname')).toEqual({ lang: 'zh_hant' });
    const snapshot = play(model, loaded, generate, done('generateNickname', { nickname: GENERATED_NICKNAME }));
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values.nickname).toBe(GENERATED_NICKNAME);
  });

  it('clears a nickname error when a proposal replaces the nickname, and keeps the code when none came', () => {
    const refused = play(model, ...edited, done('checkProfile', [{ field: 'nickname', rule: 'indecent' }]), generate, done('generateNickname', { nickname: GENERATED_NICKNAME }));
    expect(refused.context.fieldErrors).toEqual([]);
    const failed = play(model, loaded, generate, fail('generateNickname', networkError()));
    expect(failed.matches({ editing: 'failed' })).toBe(true);
    expect(failed.context.errorCode).toBe('network');
  });

  it('can generate a nickname again after saving', () => {
    const saved = play(model, ...edited, checked, done('saveProfile', sampleSaved(sampleBasicProfile())), generate);
    expect(saved.matches({ editing: 'generatingNickname' })).toBe(true);
  });

  it('keeps the subscription confirmation the save answered', () => {
    const confirmation = { email: 'public1@demo.test', services: ['teacherInfo' as const] };
    const snapshot = play(model, ...edited, checked, done('saveProfile', sampleSaved(sampleBasicProfile(), confirmation)));
    expect(snapshot.context.confirmation).toEqual(confirmation);
  });

  it('refuses a year of birth that is not four digits without calling anything', () => {
    const snapshot = play(model, loaded, change('yearOfBirth', '19x5'), submit);
    expectInvalid(snapshot, [{ field: 'yearOfBirth', rule: 'numeric' }]);
  });

  it('refuses a year of birth out of range with the rule whose message names the accepted years (issue 13)', () => {
    expect(play(model, loaded, change('yearOfBirth', '1899'), submit).context.fieldErrors).toEqual([{ field: 'yearOfBirth', rule: 'yearRange' }]);
  });

  it('refuses an over-long nickname', () => {
    const snapshot = play(model, loaded, change('nickname', 'x'.repeat(101)), submit);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'nickname', rule: 'maxLength' }]);
  });

  it('checks, then saves, sending the form and its values', () => {
    expect(invokedInput(model, edited, 'checkProfile')).toEqual({ form: 'basic', values: sampleBasicProfile({ nickname: NEW_NICKNAME }) });
    expect(play(model, ...edited).matches('validating')).toBe(true);
    expect(play(model, ...edited, checked).matches('saving')).toBe(true);
    expect(invokedInput(model, [...edited, checked], 'saveProfile')).toEqual({ form: 'basic', values: sampleBasicProfile({ nickname: NEW_NICKNAME }) });
  });

  it('shows the issues the checks found, and does not save', () => {
    const snapshot = play(model, ...edited, done('checkProfile', [{ field: 'nickname', rule: 'indecent' }]));
    expectInvalid(snapshot, [{ field: 'nickname', rule: 'indecent' }]);
  });

  it('ends saved with the values the server answered, which become the reset point', () => {
    const answered = sampleBasicProfile({ nickname: NEW_NICKNAME });
    const snapshot = play(model, ...edited, checked, done('saveProfile', sampleSaved(answered)));
    expect(snapshot.matches('saved')).toBe(true);
    expect(snapshot.hasTag('done')).toBe(true);
    expect(snapshot.context.savedValues).toEqual(answered);
    const next = play(model, ...edited, checked, done('saveProfile', sampleSaved(answered)), change('nickname', 'Other'), { type: 'form.reset' });
    expect(next.context.values).toEqual(answered);
  });

  it('a change after saving starts another edit', () => {
    const snapshot = play(model, ...edited, checked, done('saveProfile', sampleSaved(sampleBasicProfile())), change('nickname', 'Again'));
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values.nickname).toBe('Again');
  });

  it('marks the nickname when the server says it is taken, with or without naming the field', () => {
    for (const refusal of [apiError('nicknameTaken'), apiError('nicknameTaken', { fields: [{ field: 'nickname', rule: 'taken' }] })]) {
      const snapshot = play(model, ...edited, checked, fail('saveProfile', refusal));
      expectInvalid(snapshot, [{ field: 'nickname', rule: 'taken' }]);
    }
  });

  it('keeps the code of any other failure in editing.failed', () => {
    for (const answer of [fail('checkProfile', networkError()), fail('saveProfile', apiError('forbidden'))]) {
      const events = answer.type.endsWith('checkProfile') ? [...edited, answer] : [...edited, checked, answer];
      const snapshot = play(model, ...events);
      expect(snapshot.matches({ editing: 'failed' })).toBe(true);
      expect(snapshot.context.errorCode).toBe(answer.type.endsWith('checkProfile') ? 'network' : 'forbidden');
    }
  });

  it('reset throws the edits away', () => {
    const snapshot = play(model, loaded, change('nickname', NEW_NICKNAME), change('yearOfBirth', '19x5'), submit, { type: 'form.reset' });
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values).toEqual(sampleBasicProfile());
    expect(snapshot.context.fieldErrors).toEqual([]);
  });

  describe('the teacher form', () => {
    const teacher = withInput('teacher');
    const teacherLoaded = done('loadProfile', { values: sampleTeacherProfile(), details: sampleTeacherData() } satisfies ProfileLoaded);

    it('requires a remark when the duty is OTHERS', () => {
      const snapshot = play(teacher, teacherLoaded, change('duties', ['OTHERS']), submit);
      expect(snapshot.context.fieldErrors).toEqual([{ field: 'dutyRemark', rule: 'required' }]);
      expect(play(teacher, teacherLoaded, change('duties', ['OTHERS']), change('dutyRemark', 'Form teacher'), submit).matches('validating')).toBe(true);
    });

    it('requires the username retyped the same', () => {
      expect(play(teacher, teacherLoaded, change('confirmUsername', 'tchen'), submit).context.fieldErrors).toEqual([{ field: 'confirmUsername', rule: 'sameAs' }]);
    });

    it('requires a teacher type and an institution', () => {
      const snapshot = play(teacher, teacherLoaded, change('teacherType', ''), change('institution', ' '), submit);
      expect(snapshot.context.fieldErrors).toEqual([
        { field: 'teacherType', rule: 'required' },
        { field: 'institution', rule: 'required' },
      ]);
    });

    it('reports every problem at once, the rules between fields too, in the order of the page (issue 13)', () => {
      const snapshot = play(teacher, teacherLoaded, change('institution', ' '), change('confirmUsername', 'someone-else'), change('duties', ['OTHERS']), change('dutyRemark', ''), submit);
      expectInvalid(snapshot, [
        { field: 'institution', rule: 'required' },
        { field: 'confirmUsername', rule: 'sameAs' },
        { field: 'dutyRemark', rule: 'required' },
      ]);
    });
  });

  describe('the school staff form', () => {
    const staff = withInput('schoolStaff');
    const staffLoaded = done('loadProfile', {
      values: { chFullName: '陳大文', enFullName: 'Chan Tai Man' },
      details: { values: { chFullName: '陳大文', enFullName: 'Chan Tai Man' }, school: { code: 'DEMO01', name: 'Demo', chineseName: null }, schoolEmail: null, emailDomains: [] },
    } satisfies ProfileLoaded);

    it('refuses an over-long English full name and saves the names', () => {
      expect(play(staff, staffLoaded, change('enFullName', 'x'.repeat(101)), submit).context.fieldErrors).toEqual([{ field: 'enFullName', rule: 'maxLength' }]);
      expect(invokedInput(staff, [staffLoaded, change('chFullName', '陳小文'), submit, checked], 'saveProfile')).toEqual({
        form: 'schoolStaff',
        values: { chFullName: '陳小文', enFullName: 'Chan Tai Man' },
      });
    });
  });

  describe('the parent form', () => {
    const parent = withInput('parent');
    const parentLoaded = done('loadProfile', { values: sampleParentProfile(), details: { values: sampleParentProfile() } } satisfies ProfileLoaded);

    it('refuses an interest area that is not a parent one', () => {
      expect(play(parent, parentLoaded, change('interests', ['STEM']), submit).context.fieldErrors).toEqual([{ field: 'interests.0', rule: 'format' }]);
    });

    it('saves the parent interest areas', () => {
      expect(invokedInput(parent, [parentLoaded, change('interests', ['READING', 'SPECIAL']), submit, checked], 'saveProfile')).toEqual({
        form: 'parent',
        values: { interests: ['READING', 'SPECIAL'] },
      });
    });
  });
});
