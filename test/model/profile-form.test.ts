import { describe, expect, it } from 'vitest';
import { apiError, change, done, fail, networkError } from '../../machines/model-kit.ts';
import { NEW_NICKNAME, profileFormModel as model, sampleBasicProfile, sampleParentProfile, sampleTeacherProfile } from '../../machines/profile-form.model.ts';
import type { ProfileFormInput } from '../../machines/profile-form.machine.ts';
import { invokedInput, play } from '../support/graph.ts';
import { modelPathTests } from '../support/model-suite.ts';

const submit = { type: 'form.submit' } as const;
const checked = done('checkProfile', []);
const edited = [change('nickname', NEW_NICKNAME), submit] as const;

/** The same machine with another form's input. */
function withInput(input: ProfileFormInput) {
  return { ...model, input };
}

describe('profileForm: generated paths', () => {
  modelPathTests(model);
});

describe('profileForm', () => {
  it('opens on the saved values', () => {
    const snapshot = play(model);
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values).toEqual(sampleBasicProfile());
  });

  it('refuses a year of birth that is not four digits without calling anything', () => {
    const snapshot = play(model, change('yearOfBirth', '19x5'), submit);
    expect(snapshot.matches({ editing: 'invalid' })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'yearOfBirth', rule: 'numeric' }]);
  });

  it('refuses a year of birth out of range', () => {
    expect(play(model, change('yearOfBirth', '1899'), submit).context.fieldErrors).toEqual([{ field: 'yearOfBirth', rule: 'format' }]);
  });

  it('refuses an over-long nickname', () => {
    const snapshot = play(model, change('nickname', 'x'.repeat(101)), submit);
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
    expect(snapshot.matches({ editing: 'invalid' })).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual([{ field: 'nickname', rule: 'indecent' }]);
  });

  it('ends saved with the values the server answered, which become the reset point', () => {
    const answered = sampleBasicProfile({ nickname: NEW_NICKNAME });
    const snapshot = play(model, ...edited, checked, done('saveProfile', answered));
    expect(snapshot.matches('saved')).toBe(true);
    expect(snapshot.hasTag('done')).toBe(true);
    expect(snapshot.context.savedValues).toEqual(answered);
    const next = play(model, ...edited, checked, done('saveProfile', answered), change('nickname', 'Other'), { type: 'form.reset' });
    expect(next.context.values).toEqual(answered);
  });

  it('a change after saving starts another edit', () => {
    const snapshot = play(model, ...edited, checked, done('saveProfile', sampleBasicProfile()), change('nickname', 'Again'));
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values.nickname).toBe('Again');
  });

  it('marks the nickname when the server says it is taken, with or without naming the field', () => {
    for (const refusal of [apiError('nicknameTaken'), apiError('nicknameTaken', { fields: [{ field: 'nickname', rule: 'taken' }] })]) {
      const snapshot = play(model, ...edited, checked, fail('saveProfile', refusal));
      expect(snapshot.matches({ editing: 'invalid' })).toBe(true);
      expect(snapshot.context.fieldErrors).toEqual([{ field: 'nickname', rule: 'taken' }]);
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
    const snapshot = play(model, change('nickname', NEW_NICKNAME), change('yearOfBirth', '19x5'), submit, { type: 'form.reset' });
    expect(snapshot.matches({ editing: 'idle' })).toBe(true);
    expect(snapshot.context.values).toEqual(sampleBasicProfile());
    expect(snapshot.context.fieldErrors).toEqual([]);
  });

  describe('the teacher form', () => {
    const teacher = withInput({ form: 'teacher', values: sampleTeacherProfile() });

    it('requires a remark when the duty is OTHERS', () => {
      const snapshot = play(teacher, change('duties', ['OTHERS']), submit);
      expect(snapshot.context.fieldErrors).toEqual([{ field: 'dutyRemark', rule: 'required' }]);
      expect(play(teacher, change('duties', ['OTHERS']), change('dutyRemark', 'Form teacher'), submit).matches('validating')).toBe(true);
    });

    it('requires the username retyped the same', () => {
      expect(play(teacher, change('confirmUsername', 'tchen'), submit).context.fieldErrors).toEqual([{ field: 'confirmUsername', rule: 'sameAs' }]);
    });

    it('requires a teacher type and an institution', () => {
      const snapshot = play(teacher, change('teacherType', ''), change('institution', ' '), submit);
      expect(snapshot.context.fieldErrors).toEqual([
        { field: 'teacherType', rule: 'required' },
        { field: 'institution', rule: 'required' },
      ]);
    });
  });

  describe('the parent form', () => {
    const parent = withInput({ form: 'parent', values: sampleParentProfile() });

    it('refuses an interest area that is not a parent one', () => {
      expect(play(parent, change('interests', ['STEM']), submit).context.fieldErrors).toEqual([{ field: 'interests.0', rule: 'format' }]);
    });

    it('saves the parent interest areas', () => {
      expect(invokedInput(parent, [change('interests', ['READING', 'SPECIAL']), submit, checked], 'saveProfile')).toEqual({
        form: 'parent',
        values: { interests: ['READING', 'SPECIAL'] },
      });
    });
  });
});
