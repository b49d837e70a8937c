import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callCodes, fullPath } from '../../contract/call.ts';
import { ALL_CALLS } from '../../contract/calls/index.ts';
import { isErrorCode } from '../../contract/errors.ts';
import { API_MD, withGeneratedSection } from '../../scripts/api-docs.ts';

/** docs/api.md cannot drift from the call declarations (contract/calls). */
describe('docs/api.md', () => {
  const markdown = readFileSync(API_MD, 'utf8');

  it('lists every call as its declarations say (npm run api-docs rewrites the list)', () => {
    expect(markdown).toBe(withGeneratedSection(markdown));
  });

  it("explains only declared calls, and names no refusal its call does not declare", () => {
    const declared = new Map(ALL_CALLS.map((call) => [`${call.method.toUpperCase()} ${fullPath(call)}`, call]));
    const sections = markdown.split(/^#{2,3} /m).slice(1);
    const problems: string[] = [];
    for (const section of sections) {
      const heading = section.slice(0, section.indexOf('\n'));
      const calls = [...heading.matchAll(/`(GET|POST|PUT|DELETE) (\/[^`?\s]*)/g)].map(([, method, path]) => `${method} ${path}`);
      if (calls.length === 0 || calls.every((key) => key.includes(' /dev/'))) continue;
      for (const key of calls) if (!declared.has(key)) problems.push(`${key}: explained but not declared`);
      // Codes named in this section's tables must be refusals one of its calls may answer.
      const tableCodes = [...section.matchAll(/^\| `([A-Za-z_]+)` \|/gm)].map(([, code]) => code).filter((code) => isErrorCode(code));
      const allowed = new Set(calls.flatMap((key) => (declared.get(key) ? callCodes(declared.get(key)!).map(({ code }) => code) : [])));
      for (const code of tableCodes) if (!allowed.has(code)) problems.push(`${heading}: names ${code}, which no call of it declares`);
    }
    expect(problems).toEqual([]);
  });
});
