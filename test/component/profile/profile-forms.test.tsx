import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createActor, fromPromise } from 'xstate';
import type { FieldIssue } from '../../../contract/errors.ts';
import type { Language } from '../../../contract/languages.ts';
import type { ParentProfile } from '../../../contract/schemas/parent-profile.ts';
import type { NicknameProposal, SchoolStaffInfoData } from '../../../contract/schemas/profile.ts';
import { apiError } from '../../../machines/model-kit.ts';
import {
  profileFormMachine,
  type ProfileFormCall,
  type ProfileFormInput,
  type ProfileFormLoad,
  type ProfileLoaded,
  type ProfileSaved,
} from '../../../machines/profile/profile-form.machine.ts';
import { PROFILE_FORM_INPUTS, sampleBasicProfile, sampleLoaded, sampleParentProfile, sampleProfileData, sampleTeacherData, sampleTeacherProfile } from '../../../machines/profile/profile-form.model.ts';
import { BasicProfileView } from '../../../src/features/profile/basic/basic-profile-view.tsx';
import { ParentProfileView } from '../../../src/features/profile/parent/parent-profile-view.tsx';
import { TeacherProfileView } from '../../../src/features/profile/teacher/teacher-profile-view.tsx';
import { SchoolStaffView } from '../../../src/features/profile/school-staff/school-staff-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

/** A network's few milliseconds, so focus and announcements settle as they do in the app. */
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? '';

const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));

interface Fakes {
  load?: (input: ProfileFormLoad) => Promise<ProfileLoaded>;
  check?: (call: ProfileFormCall) => Promise<FieldIssue[]>;
  save?: (call: ProfileFormCall) => Promise<ProfileSaved>;
  generate?: (input: { lang: Language }) => Promise<NicknameProposal>;
}

/** The profile form with fake calls, recording what was saved and asked. */
function start(form: ProfileFormInput['form'], fakes: Fakes) {
  const saved: ProfileFormCall[] = [];
  const asked: Language[] = [];
  const machine = profileFormMachine.provide({
    actors: {
      loadProfile: fromPromise<ProfileLoaded, ProfileFormLoad>(({ input }) => (fakes.load ? fakes.load(input) : later(sampleLoaded()))),
      checkProfile: fromPromise<FieldIssue[], ProfileFormCall>(({ input }) => (fakes.check ? fakes.check(input) : later([]))),
      saveProfile: fromPromise<ProfileSaved, ProfileFormCall>(({ input }) => {
        saved.push(input);
        return fakes.save ? fakes.save(input) : later({ values: input.values, confirmation: null });
      }),
      generateNickname: fromPromise<NicknameProposal, { lang: Language }>(({ input }) => {
        asked.push(input.lang);
        return fakes.generate ? fakes.generate(input) : later({ nickname: 'Happy Panda 42' });
      }),
    },
  });
  const actor = createActor(machine, { input: PROFILE_FORM_INPUTS[form] }).start();
  return { actor, saved, asked };
}

describe('BasicProfileView', () => {
  it('reads the page, shows the account read-only and the saved values in the form', async () => {
    const { actor } = start('basic', {});
    const screen = await inLanguage('en', <BasicProfileView actor={actor} />);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
    await expect.element(screen.getByLabelText('Nickname')).toHaveValue('Demo Public 1');
    await expect.element(screen.getByText('demo_public1', { exact: true })).toBeVisible();
    // One short section: no address, no emails, no mobile here; its own save button.
    expect(document.getElementById('district')).toBeNull();
    expect(document.querySelectorAll('input[type="email"]')).toHaveLength(0);
    expect(screen.getByText('+852 91234567', { exact: false }).elements()).toHaveLength(0);
    expect([...document.querySelectorAll('button[type="submit"]')].map((button) => button.textContent)).toEqual(['Save personal details']);
  });

  it('shows the display name given at registration and names it in the nickname hint (issue 13 item 4)', async () => {
    const { actor } = start('basic', {
      load: () => later({ values: sampleBasicProfile({ nickname: '' }), details: sampleProfileData({ displayName: 'Mrs Wong', values: sampleBasicProfile({ nickname: '' }) }) }),
    });
    const screen = await inLanguage('en', <BasicProfileView actor={actor} />);
    await expect.element(screen.getByText('Mrs Wong', { exact: true })).toBeVisible();
    await expect.element(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('Shown to others instead of your display name, Mrs Wong. Up to 100 characters.');
    await expect.element(screen.getByLabelText('Nickname')).toHaveValue('');
  });

  it('the address section holds the address and newsletters with their own save', async () => {
    const { actor } = start('basic', {});
    const screen = await inLanguage('en', <BasicProfileView actor={actor} section="address" />);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Address and newsletters' })).toBeVisible();
    await expect.element(screen.getByLabelText('District')).toHaveValue('SHA_TIN');
    expect(document.getElementById('nickname')).toBeNull();
    expect([...document.querySelectorAll('button[type="submit"]')].map((button) => button.textContent)).toEqual(['Save address and newsletters']);
  });

  it('the emails section shows emails, mobile and linked sign-ins, and has no page save that could drop a typed address (issue 13 item 5)', async () => {
    const { actor } = start('basic', {});
    const screen = await inLanguage('en', <BasicProfileView actor={actor} section="emails" />);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Emails and mobile' })).toBeVisible();
    await expect.element(screen.getByText('+852 91234567 · Verified')).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Add or verify a mobile number' })).toBeVisible();
    expect(screen.getByText('No other account is linked to this one.', { exact: false }).elements()).toHaveLength(1);
    expect(document.querySelectorAll('form')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save changes' }).elements()).toHaveLength(0);
  });

  it('offers a retry when the page cannot be read, and reads it again', async () => {
    let calls = 0;
    const { actor } = start('basic', { load: () => (++calls === 1 ? Promise.reject(apiError('internal')) : later(sampleLoaded())) });
    const screen = await inLanguage('en', <BasicProfileView actor={actor} />);
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.element(screen.getByLabelText('Nickname')).toHaveValue('Demo Public 1');
    expect(calls).toBe(2);
  });

  it('shows the checks’ problems in the focused summary and at the field, in Traditional Chinese', async () => {
    const { actor, saved } = start('basic', { check: () => later([{ field: 'nickname', rule: 'indecent' }]) });
    const screen = await inLanguage('zh_hant', <BasicProfileView actor={actor} />);
    await expect.element(screen.getByLabelText('暱稱')).toBeVisible();
    await screen.getByRole('button', { name: '儲存個人資料' }).click();
    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    const links = [...summary.element().querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([['請刪除此答案中的不雅字詞。', '#nickname']]);
    await expect.element(screen.getByLabelText('暱稱')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);
  });

  it('fills the nickname with a suggestion asked for in the language on screen', async () => {
    const { actor, asked } = start('basic', {});
    const screen = await inLanguage('zh_hans', <BasicProfileView actor={actor} />);
    await screen.getByRole('button', { name: '建议昵称' }).click();
    await expect.element(screen.getByLabelText('昵称')).toHaveValue('Happy Panda 42');
    expect(asked).toEqual(['zh_hans']);
  });

  it('offers districts only for Hong Kong, and leaves none chosen for another region', async () => {
    const { actor, saved } = start('basic', {});
    const screen = await inLanguage('en', <BasicProfileView actor={actor} section="address" />);
    await expect.element(screen.getByLabelText('District')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Region').element(), 'MACAU');
    expect(document.getElementById('district')).toBeNull();
    await screen.getByRole('button', { name: 'Save address and newsletters' }).click();
    await expect.element(screen.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();
    expect(saved[0]?.values).toMatchObject({ region: 'MACAU', district: '' });
  });

  it('announces the save and the newsletter confirmation sent by email', async () => {
    const { actor } = start('basic', {
      save: (call) => later({ values: call.values, confirmation: { email: 'public1@demo.test', services: ['edPost', 'teacherInfo'] } }),
    });
    const screen = await inLanguage('en', <BasicProfileView actor={actor} section="address" />);
    await screen.getByLabelText('Information for teachers').click();
    const save = screen.getByRole('button', { name: 'Save address and newsletters' });
    await save.click();
    await expect
      .poll(() => [...document.querySelectorAll('[role="status"]')].map((status) => status.textContent).join('|'))
      .toContain(
        'Your changes have been saved.We sent a confirmation link to public1@demo.test. Your newsletters change to EdPost: news of the education platform and Information for teachers when you follow it within 24 hours.',
      );
    // The message sits right after the save button, where the eyes are, not at the top of the page.
    const status = [...document.querySelectorAll('[role="status"]')].find((element) => element.textContent?.includes('Your changes have been saved.'));
    expect(status?.previousElementSibling?.contains(save.element())).toBe(true);
  });

  it('shows a student’s school read-only, with no control for it', async () => {
    const { actor } = start('basic', {
      load: () => later({ values: sampleBasicProfile(), details: sampleProfileData({ category: 'STUDENT', school: { code: 'DEMO01', name: 'Demo Primary School', chineseName: '示範小學' }, schoolReadOnly: true }) }),
    });
    const screen = await inLanguage('en', <BasicProfileView actor={actor} />);
    await expect.element(screen.getByText('Demo Primary School (DEMO01)')).toBeVisible();
    await expect.element(screen.getByText('Your school information is kept by your school and cannot be changed here.')).toBeVisible();
    expect(document.querySelectorAll('[name*="school" i]')).toHaveLength(0);
  });

  it('names the school in the page’s language: its Chinese name on Chinese pages, the English one when no Chinese name is known', async () => {
    const school = { code: 'DEMO01', name: 'Demo Primary School', chineseName: '示範小學' };
    const shown = async (lang: Language, names: typeof school | { code: string; name: string; chineseName: null }) => {
      const { actor } = start('basic', { load: () => later({ values: sampleBasicProfile(), details: sampleProfileData({ category: 'STUDENT', school: names, schoolReadOnly: true }) }) });
      const screen = await inLanguage(lang, <BasicProfileView actor={actor} />);
      return screen;
    };
    await expect.element((await shown('zh_hant', school)).getByText('示範小學（DEMO01）')).toBeVisible();
    await expect.element((await shown('zh_hans', school)).getByText('示範小學（DEMO01）')).toBeVisible();
    expect(document.body.textContent).not.toContain('Demo Primary School');
    await expect.element((await shown('zh_hant', { ...school, chineseName: null })).getByText('Demo Primary School（DEMO01）')).toBeVisible();
  });

  it('marks a nickname the server says is taken', async () => {
    const { actor } = start('basic', { save: () => Promise.reject(apiError('nicknameTaken')) });
    const screen = await inLanguage('en', <BasicProfileView actor={actor} />);
    await screen.getByRole('button', { name: 'Save personal details' }).click();
    await expect.poll(() => alertText()).toContain('This nickname is already used: choose another one');
  });
});

describe('TeacherProfileView', () => {
  it('offers the subjects of each chosen level, and drops a level’s subjects with it', async () => {
    const { actor, saved } = start('teacher', { load: () => later({ values: sampleTeacherProfile(), details: sampleTeacherData() }) });
    const screen = await inLanguage('zh_hant', <TeacherProfileView actor={actor} />);
    const primary = screen.getByRole('group', { name: '任教科目：小學' });
    await expect.element(primary.getByLabelText('中國語文')).toBeChecked();
    await expect.element(screen.getByText('demo01.edu.hk')).toBeVisible();
    await screen.getByLabelText('中學', { exact: true }).click();
    await screen.getByRole('group', { name: '任教科目：中學' }).getByLabelText('公民與社會發展').click();
    await screen.getByLabelText('小學', { exact: true }).click();
    expect(screen.getByRole('group', { name: '任教科目：小學' }).elements()).toHaveLength(0);
    await screen.getByRole('button', { name: '儲存變更' }).click();
    await expect.element(screen.getByRole('status').filter({ hasText: '你的變更已經儲存。' })).toBeVisible();
    expect(saved[0]?.values).toMatchObject({ teachingLevels: ['secondary'], subjects: ['SECONDARY.CITIZENSHIP'] });
  });

  it('reports a retyped username that differs and a missing remark for Others at once, linking each from the summary (issue 13)', async () => {
    const { actor, saved } = start('teacher', { load: () => later({ values: sampleTeacherProfile(), details: sampleTeacherData() }) });
    const screen = await inLanguage('en', <TeacherProfileView actor={actor} />);
    await screen.getByRole('group', { name: 'Major duties' }).getByLabelText('Others').click();
    await userEvent.fill(screen.getByLabelText('Retype the username').element(), 'someone');
    await screen.getByRole('button', { name: 'Save changes' }).click();
    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    const links = [...summary.element().querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Enter the same username in both fields', '#confirmUsername'],
      ['Describe your other duties', '#dutyRemark'],
    ]);
    await expect.element(screen.getByLabelText('Retype the username')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByLabelText('Other duties')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);
  });

  it('shows special education curricula only with the special level', async () => {
    const { actor } = start('teacher', { load: () => later({ values: sampleTeacherProfile(), details: sampleTeacherData() }) });
    const screen = await inLanguage('en', <TeacherProfileView actor={actor} />);
    await expect.element(screen.getByLabelText('Teacher type')).toHaveValue('registered');
    expect(screen.getByRole('group', { name: 'Special education curricula' }).elements()).toHaveLength(0);
    await screen.getByLabelText('Special education', { exact: true }).click();
    await expect.element(screen.getByRole('group', { name: 'Special education curricula' })).toBeVisible();
  });
});

describe('ParentProfileView and SchoolStaffView', () => {
  it('saves the parent interest areas', async () => {
    const parent: ParentProfile = sampleParentProfile();
    const { actor, saved } = start('parent', { load: () => later({ values: parent, details: { values: parent } }) });
    const screen = await inLanguage('en', <ParentProfileView actor={actor} />);
    await screen.getByLabelText('Special educational needs').click();
    await screen.getByRole('button', { name: 'Save changes' }).click();
    await expect.element(screen.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();
    expect(saved[0]?.values).toEqual({ interests: ['READING', 'SPECIAL'] });
  });

  it('shows the school, school email and domains read-only and edits the full names', async () => {
    const details: SchoolStaffInfoData = {
      values: { chFullName: '李嘉欣', enFullName: 'LEE Ka Yan' },
      school: { code: 'DEMO01', name: 'Demo Primary School', chineseName: '示範小學' },
      schoolEmail: 'kylee@demo-school.edu.hk',
      emailDomains: ['demo-school.edu.hk'],
    };
    const { actor } = start('schoolStaff', { load: () => later({ values: details.values, details }) });
    const screen = await inLanguage('en', <SchoolStaffView actor={actor} />);
    await expect.element(screen.getByText('kylee@demo-school.edu.hk')).toBeVisible();
    await expect.element(screen.getByLabelText('Full name in Chinese')).toHaveValue('李嘉欣');
    await userEvent.fill(screen.getByLabelText('Full name in English').element(), 'x'.repeat(101));
    await screen.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => alertText()).toContain('Full name in English must be 100 characters or fewer');
  });
});
