import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../../../contract/languages.ts';
import { orgAccountListMachine } from '../../../machines/org-account/org-account-list.machine.ts';
import { SAMPLE_PAGE } from '../../../machines/org-account/org-account-list.model.ts';
import { OrgAccountListView } from '../../../src/features/org-account/org-account-view.tsx';
import '../../../src/ui/global.css';
import { inLanguage } from '../support.tsx';

/*
 * Issue 26 item 11: at 1280 px in Chinese the school email list squeezed its columns to 35 px
 * (Chinese may break between any two characters, so an automatic table gave 中文姓名 one character
 * a line). The list as the page shows it, with the demo records (a long address, Chinese names).
 */
async function schoolList(lang: Language, width: number, room?: number) {
  await page.viewport(width, 800);
  const machine = orgAccountListMachine.provide({ actors: { listOrgAccounts: fromPromise(async () => SAMPLE_PAGE) } });
  const actor = createActor(machine, { input: {} }).start();
  const screen = await inLanguage(lang, <OrgAccountListView actor={actor} />);
  await expect.element(screen.getByRole('table')).toBeVisible();
  // Less room than the window (a layout with a side column, say): the list must not squeeze to fit it.
  if (room) (screen.container as HTMLElement).style.inlineSize = `${room}px`;
  const table = screen.container.querySelector('table')!;
  return { table, wrapper: table.parentElement!, headers: [...table.querySelectorAll('th')], cells: [...table.querySelectorAll('th, td')] };
}

/** The width a heading's text has, padding aside. */
function contentWidth(cell: Element): number {
  const style = getComputedStyle(cell);
  return cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

/** How many lines a cell's text takes. */
function lines(cell: Element): number {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return Math.round(range.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight));
}

afterEach(async () => {
  await page.viewport(414, 896);
});

describe('the school email list at 1280 px', () => {
  it('in Traditional Chinese: every column at least four characters wide, each heading on one line, nothing cut off or scrolled', async () => {
    const { table, wrapper, headers, cells } = await schoolList('zh_hant', 1280);
    expect(headers.map((th) => th.textContent)).toEqual(['電郵地址', '中文姓名', '英文姓名', '組別', '備註', '最後更新', '操作']);
    for (const th of headers) {
      // A CJK character is one em wide.
      expect(contentWidth(th), th.textContent ?? '').toBeGreaterThanOrEqual(4 * parseFloat(getComputedStyle(th).fontSize) - 0.5);
      expect(lines(th), th.textContent ?? '').toBe(1);
    }
    // The Chinese names stay whole on one line.
    const names = [...table.querySelectorAll('tbody td:nth-child(2)')];
    expect(names.map((td) => td.textContent)).toEqual(SAMPLE_PAGE.records.map((record) => record.chFullName));
    for (const td of names) expect(lines(td)).toBe(1);
    expect(table.scrollWidth).toBeLessThanOrEqual(wrapper.clientWidth);
    for (const cell of cells) expect(cell.scrollWidth, cell.textContent ?? '').toBeLessThanOrEqual(cell.clientWidth);
  });

  it('in English too: nothing cut off or scrolled', async () => {
    const { table, wrapper, cells } = await schoolList('en', 1280);
    expect(table.scrollWidth).toBeLessThanOrEqual(wrapper.clientWidth);
    for (const cell of cells) expect(cell.scrollWidth, cell.textContent ?? '').toBeLessThanOrEqual(cell.clientWidth);
  });

  it('keeps the row’s buttons short, their names naming the record', async () => {
    const { table } = await schoolList('zh_hant', 1280);
    const first = SAMPLE_PAGE.records[0]!.emailAddress;
    const buttons = [...table.querySelectorAll('tbody tr:first-child button')];
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([
      ['編輯', `編輯 ${first}`],
      ['刪除', `刪除 ${first}`],
    ]);
  });
});

describe('the school email list narrower than its columns', () => {
  it('keeps four characters a column and scrolls sideways with a shadow at the edge as the cue', async () => {
    // A wide window (a table, not the phone's stacked rows) giving the list 500 px.
    const { table, wrapper, headers } = await schoolList('zh_hant', 1280, 500);
    for (const th of headers) expect(contentWidth(th), th.textContent ?? '').toBeGreaterThanOrEqual(4 * parseFloat(getComputedStyle(th).fontSize) - 0.5);
    expect(table.scrollWidth).toBeGreaterThan(wrapper.clientWidth);
    const style = getComputedStyle(wrapper);
    expect(style.overflowX).toBe('auto');
    expect(style.backgroundImage.match(/radial-gradient/g)).toHaveLength(2);
  });
});
