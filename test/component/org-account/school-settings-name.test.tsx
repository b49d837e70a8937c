import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../../../contract/languages.ts';
import type { SchoolSettings } from '../../../contract/schemas/org-account.ts';
import { schoolSettingsMachine } from '../../../machines/org-account/school-settings.machine.ts';
import { SAMPLE_SETTINGS } from '../../../machines/org-account/school-settings.model.ts';
import { SchoolSettingsView } from '../../../src/features/org-account/school-settings-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

/** The settings page of a school with these names, loaded, in `lang`. */
async function settingsIn(lang: Language, settings: SchoolSettings) {
  const machine = schoolSettingsMachine.provide({ actors: { loadSettings: fromPromise(async () => settings) } });
  const actor = createActor(machine, { input: {} }).start();
  return inLanguage(lang, <SchoolSettingsView actor={actor} />);
}

/** Issue 26 item 11: a Chinese page names the school by its Chinese name, not "Demo Secondary School的…". */
describe('the school settings page names the school in the page’s language', () => {
  it('reads the Chinese name on Chinese pages and the English name on English ones', async () => {
    await expect.element((await settingsIn('zh_hant', SAMPLE_SETTINGS)).getByText('示範中學的學校電郵、教師電郵網域及二維碼登入設定。')).toBeVisible();
    await expect.element((await settingsIn('zh_hans', SAMPLE_SETTINGS)).getByText('示範中學的学校邮箱、教师邮箱域名及二维码登录设置。')).toBeVisible();
    expect(document.body.textContent).not.toContain(SAMPLE_SETTINGS.schoolName);
    await expect.element((await settingsIn('en', SAMPLE_SETTINGS)).getByText(`The school email, the teacher email domains and QR-code login of ${SAMPLE_SETTINGS.schoolName}.`)).toBeVisible();
  });

  it('falls back to the English name while the school’s Chinese name is not known', async () => {
    await expect.element((await settingsIn('zh_hant', { ...SAMPLE_SETTINGS, schoolChineseName: null })).getByText(`${SAMPLE_SETTINGS.schoolName}的學校電郵、教師電郵網域及二維碼登入設定。`)).toBeVisible();
  });
});
