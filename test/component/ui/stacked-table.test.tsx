import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import stacked from '../../../src/ui/stacked-table.module.css';
import '../../../src/ui/global.css';

/*
 * Issue 26 item 11: on a phone the school list (685 px of columns in 328 px, Chinese names one
 * character a line) and the sign-in history (its last column cut) become labelled blocks. The
 * shape of the school list: seven columns, a long address and Chinese names.
 */
const COLUMNS = ['Email address', 'Chinese name', 'English name', 'Group', 'Remark', 'Last updated', 'Updated by'];
const ROW = ['chan.tai.man.teacher@school.example.edu.hk', '陳大文', 'CHAN Tai Man', 'University teacher', 'Teaches physics and mathematics', '27/11/2026 14:05 Hong Kong time', 'demo_schooladmin1'];

function SchoolList() {
  return (
    <table className={stacked.stacked} style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {ROW.map((cell, index) => (
            <td key={cell} data-label={COLUMNS[index]}>
              {cell}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

afterEach(async () => {
  await page.viewport(414, 896);
});

it('stacks each row into lines led by their column names at 360 px, with nothing wider than the screen', async () => {
  await page.viewport(360, 640);
  const screen = await render(<SchoolList />);
  const table = screen.container.querySelector('table')!;
  expect(table.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  const cells = [...table.querySelectorAll('td')];
  // One cell a line, the whole width: the Chinese name is not one character a line.
  for (const cell of cells) expect(getComputedStyle(cell).display).toBe('block');
  const name = cells[1]!;
  expect(name.getBoundingClientRect().width).toBeGreaterThan(200);
  expect(getComputedStyle(name, '::before').content).toBe('"Chinese name: "');
  // The header row is still there for screen readers, off screen.
  expect(getComputedStyle(table.querySelector('thead')!).position).toBe('absolute');
});

it('stays a table on a wide screen', async () => {
  await page.viewport(1280, 800);
  const screen = await render(<SchoolList />);
  const table = screen.container.querySelector('table')!;
  expect(getComputedStyle(table.querySelector('td')!).display).toBe('table-cell');
  expect(getComputedStyle(table.querySelector('thead')!).position).toBe('static');
});
