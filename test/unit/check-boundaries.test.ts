import { describe, expect, it } from 'vitest';
import { importViolation, lintSource, packageName } from '../../scripts/check-boundaries.mjs';

const rules = (file: string, source: string) => lintSource(file, source).map((f) => `${f.line}:${f.rule}`);

describe('import boundaries', () => {
  it('keeps React, ky, @xstate/react, src/ and server/ out of machines', () => {
    expect(rules('machines/login.machine.ts', "import { useState } from 'react';")).toEqual(['1:import-boundary']);
    expect(rules('machines/login.machine.ts', "import ky from 'ky';")).toEqual(['1:import-boundary']);
    expect(rules('machines/login.machine.ts', "import { useActor } from '@xstate/react';")).toEqual(['1:import-boundary']);
    expect(rules('machines/login.machine.ts', "import { api } from '../src/api/client.ts';")).toEqual(['1:import-boundary']);
    expect(rules('machines/login.machine.ts', "export { x } from '../server/db.ts';")).toEqual(['1:import-boundary']);
    expect(rules('machines/login.machine.ts', "import { setup } from 'xstate';\nimport { LoginRequestSchema } from '../contract/index.ts';")).toEqual([]);
  });

  it('keeps src/ and machines/ out of the server, and the server out of src/', () => {
    expect(importViolation('server/routes/auth.ts', '../../src/i18n/messages.ts')).toMatch(/server\/ must not import from src\//);
    expect(importViolation('server/routes/auth.ts', '../../machines/login.machine.ts')).toMatch(/machines/);
    expect(importViolation('server/routes/auth.ts', '../../contract/index.ts')).toBeNull();
    expect(importViolation('src/api/client.ts', '../../server/app.ts')).toMatch(/src\/ must not import from server\//);
    expect(importViolation('src/features/login/login-page.tsx', '@react-email/render')).toMatch(/composed on the server/);
    expect(importViolation('src/i18n/messages.ts', '@formatjs/intl')).toMatch(/composed on the server/);
    expect(importViolation('server/mail/email-document.tsx', '@react-email/html')).toBeNull();
  });

  it('lets contract/ import only valibot and itself (and vitest in its own tests)', () => {
    expect(importViolation('contract/schemas/account.ts', 'valibot')).toBeNull();
    expect(importViolation('contract/schemas/account.ts', '../constants.ts')).toBeNull();
    expect(importViolation('contract/schemas/account.ts', 'zod')).toMatch(/only valibot/);
    expect(importViolation('contract/schemas/account.ts', '../../server/db.ts')).toMatch(/only valibot/);
    expect(importViolation('contract/schemas/account.test.ts', 'vitest')).toBeNull();
    expect(importViolation('contract/schemas/account.ts', 'vitest')).toMatch(/only valibot/);
  });

  it('lets only pages and src/api wire real actors in feature folders', () => {
    expect(importViolation('src/features/login/login-view.tsx', '../../api/auth.ts')).toMatch(/src\/api/);
    expect(importViolation('src/features/login/login-view.tsx', 'ky')).toMatch(/ky/);
    expect(importViolation('src/features/login/login-page.tsx', '../../api/auth.ts')).toBeNull();
    expect(importViolation('src/routes/{-$lang}/login.tsx', '../../api/auth.ts')).toBeNull();
  });

  it('sees dynamic imports too', () => {
    expect(rules('machines/a.machine.ts', "const m = await import('react');")).toEqual(['1:import-boundary']);
  });

  it('names packages by their scope and name, not their subpath', () => {
    expect(packageName('react-dom/client')).toBe('react-dom');
    expect(packageName('@xstate/react/lib')).toBe('@xstate/react');
  });
});

describe('code rules', () => {
  it('refuses console.log outside scripts/ but allows the other console methods', () => {
    expect(rules('server/app.ts', "console.log('hi');\nconsole.error('bad');")).toEqual(['1:no-console-log']);
    expect(rules('scripts/size.mjs', "console.log('table');")).toEqual([]);
  });

  it('refuses debugger statements everywhere', () => {
    expect(rules('scripts/x.mjs', 'function f() {\n  debugger;\n}')).toEqual(['2:no-debugger']);
  });

  it('refuses focused, skipped and todo tests in Vitest and Playwright spellings', () => {
    // Built from parts so that this file itself is not what the project's own checks find.
    const [only, skip, todo] = ['.only', '.skip', '.todo'];
    const source = [
      `it${only}('a', () => {});`,
      `describe${skip}('b', () => {});`,
      `it${todo}('c');`,
      `test.describe${only}('d', () => {});`,
      `it${only}.each([1])('e', () => {});`,
      "xit('f', () => {});",
      "test.fixme('g', async () => {});",
      "it('runs', () => {});",
      "describe.skipIf(!process.env.TEST_DATABASE_URL)('postgres', () => {});",
    ].join('\n');
    expect(rules('test/unit/x.test.ts', source)).toEqual([
      '1:no-focused-or-skipped-test',
      '2:no-focused-or-skipped-test',
      '3:no-focused-or-skipped-test',
      '4:no-focused-or-skipped-test',
      '5:no-focused-or-skipped-test',
      '6:no-focused-or-skipped-test',
      '7:no-focused-or-skipped-test',
    ]);
  });

  it('refuses unfinished-work marker comments but not the words inside strings', () => {
    const marker = ['TO', 'DO'].join('');
    expect(rules('src/a.ts', `// ${marker}: later\nconst x = 1;`)).toEqual(['1:no-marker-comment']);
    expect(rules('src/a.ts', `/*\n * ${['FIX', 'ME'].join('')}\n */`)).toEqual(['1:no-marker-comment']);
    expect(rules('src/a.ts', `const label = '${marker}';`)).toEqual([]);
    expect(rules('src/a.ts', '// the format is 9XXX XXXX')).toEqual([]);
  });

  it("refuses 'any' in contract/ and machines/ only", () => {
    expect(rules('machines/a.machine.ts', 'let x: any;\nlet y: unknown;')).toEqual(['1:no-any']);
    expect(rules('contract/a.ts', 'export type T = Record<string, any>;')).toEqual(['1:no-any']);
    expect(rules('server/a.ts', 'let x: any;')).toEqual([]);
  });

  it('refuses literal visible text in src/ JSX, in any script, and accepts messages and punctuation', () => {
    expect(rules('src/features/a/a-view.tsx', 'export const A = () => <p>Hello</p>;')).toEqual(['1:jsx-literal-text']);
    expect(rules('src/features/a/a-view.tsx', 'export const A = () => <p>登入</p>;')).toEqual(['1:jsx-literal-text']);
    expect(rules('src/features/a/a-view.tsx', "export const A = () => <>{'Submit'}</>;")).toEqual(['1:jsx-literal-text']);
    expect(rules('src/ui/close.tsx', 'export const C = () => <button aria-label="Close" />;')).toEqual(['1:jsx-literal-text']);
    expect(
      rules(
        'src/features/a/a-view.tsx',
        "export const A = ({ n }: { n: number }) => (\n  <p>\n    <FormattedMessage defaultMessage=\"Hello\" description=\"greeting\" /> · {n} {' '}\n    <img alt=\"\" />\n  </p>\n);",
      ),
    ).toEqual([]);
    expect(rules('stories/a.stories.tsx', 'export const A = () => <p>Story text</p>;')).toEqual([]);
  });

  it('keeps fetch out of views and machines', () => {
    expect(rules('src/features/a/a-view.tsx', "fetch(x);")).toEqual(['1:no-fetch-in-views']);
    expect(rules('machines/a.machine.ts', "window.fetch(x);")).toEqual(['1:no-fetch-in-views']);
    expect(rules('src/api/family.ts', "fetch(x);")).toEqual(['1:no-fetch-in-views']);
    expect(rules('src/api/client.ts', "fetch('/api/x');")).toEqual([]);
  });

  it('keeps features apart: another feature only through its index.ts, and none from ui/, shell/, i18n/ or api/', () => {
    expect(importViolation('src/features/profile/basic/basic-profile-emails-page.tsx', '../../email-change/email-change-lazy.tsx')).toMatch(/only through src\/features\/email-change\/index.ts/);
    expect(importViolation('src/features/profile/basic/basic-profile-emails-page.tsx', '../../email-change/index.ts')).toBeNull();
    expect(importViolation('src/features/profile/basic/basic-profile-page.tsx', '../profile-fields.tsx')).toBeNull();
    expect(importViolation('src/features/login/login-view.tsx', '../features.module.css')).toBeNull();
    expect(importViolation('src/shell/language-layout.tsx', '../features/fatal-error/fatal-error-view.tsx')).toMatch(/src\/shell\/ must not import a feature/);
    expect(importViolation('src/ui/page.tsx', '../features/family/index.ts')).toMatch(/src\/ui\/ must not import a feature/);
    expect(importViolation('src/routes/{-$lang}/login.tsx', '../../features/login/login-page.tsx')).toBeNull();
    expect(importViolation('machines/family/family-join.machine.ts', '../profile/profile-form.machine.ts')).toMatch(/only through machines\/profile\/index.ts/);
    expect(importViolation('machines/family/family-join.machine.ts', './family-form.ts')).toBeNull();
    expect(importViolation('machines/family/family-join.machine.ts', '../form.ts')).toBeNull();
  });

  it('lets the browser reach the server only by call declarations, through src/api/client.ts', () => {
    expect(rules('src/api/family.ts', "const path = 'family/join'; send('/api/family/join');")).toEqual(['1:no-call-path']);
    expect(rules('src/api/family.ts', 'const url = `api/family/${id}`;')).toEqual(['1:no-call-path']);
    expect(rules('src/features/login/login-page.tsx', "go('/auth/login');")).toEqual(['1:no-call-path']);
    expect(rules('src/features/login/login-page.tsx', "go('/profile');")).toEqual([]);
    expect(rules('src/api/client.ts', "const base = '/api';")).toEqual([]);
    expect(importViolation('src/api/family.ts', 'ky')).toMatch(/only src\/api\/client.ts/);
    expect(importViolation('src/api/client.ts', 'ky')).toBeNull();
  });

  it('refuses stories that turn their own axe check down', () => {
    expect(rules('stories/a.stories.tsx', "export const S = { parameters: { a11y: { test: 'todo' } } };")).toEqual(['1:no-a11y-downgrade']);
    expect(rules('stories/a.stories.tsx', "export const S = { tags: ['!test'] };")).toEqual(['1:no-a11y-downgrade']);
    expect(rules('stories/a.stories.tsx', "export const S = { parameters: { a11y: { test: 'error' } } };")).toEqual([]);
  });

  it('reports syntax errors instead of skipping the file', () => {
    expect(rules('src/a.ts', 'const = ;')[0]).toMatch(/parse-error/);
  });

  it('reports the line of a finding after CJK text', () => {
    expect(rules('server/a.ts', "const s = '中文中文中文';\n\nconsole.log(s);")).toEqual(['3:no-console-log']);
  });
});
