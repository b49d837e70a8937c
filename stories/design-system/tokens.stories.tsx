// The design tokens (issue 24), drawn from src/ui/tokens.css as it is: each swatch, gap and type
// sample is styled with `var(--token)`, so a token that is renamed or removed shows as missing and
// fails the story's play. test/unit/design-tokens.test.ts refuses colours written outside the file.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import { expect } from 'storybook/test';
import { OVERRIDES, TOKENS, tokensWith, type Token } from '../support/tokens.ts';

export default {
  title: 'Design system/Tokens',
  tags: ['autodocs'],
  // English catalogue chrome with fixed samples: no messages for the other languages to change.
  globals: { locale: 'en' },
  parameters: {
    languages: 'own',
    docs: {
      description: {
        component:
          'Every colour, space, type size, radius and focus value the portal uses, read from `src/ui/tokens.css` when the page renders. Components use `var(--token)` only: a colour written anywhere else fails `test/unit/design-tokens.test.ts`. To change the look, change a token here, not a component.',
      },
    },
  },
} satisfies Meta;

const cell: CSSProperties = { padding: '0.5rem', borderBottom: '1px solid var(--color-border)', textAlign: 'left', verticalAlign: 'middle' };

function TokenTable({ caption, tokens, sample }: { caption: string; tokens: readonly Token[]; sample: (token: Token) => ReactNode }) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', marginBottom: 'var(--space-6)' }}>
      <caption style={{ textAlign: 'left', fontWeight: 'var(--font-weight-bold)', fontSize: 'var(--font-size-m)', paddingBottom: 'var(--space-2)' }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={cell}>
            Sample
          </th>
          <th scope="col" style={cell}>
            Token
          </th>
          <th scope="col" style={cell}>
            Value
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.name} data-token={token.name}>
            <td style={cell}>{sample(token)}</td>
            <td style={cell}>
              <code>{token.name}</code>
            </td>
            <td style={cell}>
              <code>{token.value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The token as the browser resolved it on the page: empty when the name is not defined. */
const resolved = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Every row of the table is a token the page defines, and there is one row per token. */
async function expectRows(canvasElement: HTMLElement, tokens: readonly Token[]) {
  const rows = [...canvasElement.querySelectorAll<HTMLElement>('[data-token]')];
  await expect(rows.map((row) => row.dataset.token)).toEqual(tokens.map((token) => token.name));
  for (const token of tokens) await expect(resolved(token.name), `${token.name} is defined on the page`).not.toBe('');
}

const COLOURS = [...tokensWith('--color-'), ...tokensWith('--meter-')];

export const Colours: StoryObj = {
  name: 'Colours · 顏色 · 颜色',
  parameters: {
    docs: {
      description: {
        story:
          'Text, backgrounds, borders, brand, links, states (error, success, warning) and the focus yellow, after GOV.UK Frontend\'s palette; the meter colours are the password strength levels 0–4. Contrast is checked by axe in every story; a pair that fails in one story fails there.',
      },
    },
  },
  render: () => (
    <TokenTable
      caption="Colours"
      tokens={COLOURS}
      sample={(token) => <span data-swatch={token.name} style={{ display: 'inline-block', width: '3rem', height: '2rem', border: '1px solid var(--color-text)', background: `var(${token.name})` }} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expectRows(canvasElement, COLOURS);
    // Each swatch shows its token's colour, not a transparent box.
    for (const swatch of canvasElement.querySelectorAll<HTMLElement>('[data-swatch]')) {
      await expect(getComputedStyle(swatch).backgroundColor, `${swatch.dataset.swatch} paints`).not.toBe('rgba(0, 0, 0, 0)');
    }
  },
};

const SPACES = tokensWith('--space-');

export const Spacing: StoryObj = {
  name: 'Spacing · 間距 · 间距',
  parameters: { docs: { description: { story: 'The spacing scale (margins, gaps, padding). Use the next step up or down rather than a value in between.' } } },
  render: () => (
    <TokenTable caption="Spacing" tokens={SPACES} sample={(token) => <span data-gap={token.name} style={{ display: 'inline-block', height: '1rem', width: `var(${token.name})`, background: 'var(--color-brand)' }} />} />
  ),
  play: async ({ canvasElement }) => {
    await expectRows(canvasElement, SPACES);
    const widths = [...canvasElement.querySelectorAll<HTMLElement>('[data-gap]')].map((bar) => bar.getBoundingClientRect().width);
    // A scale: each step wider than the one before.
    for (let i = 1; i < widths.length; i++) await expect(widths[i]!, `${SPACES[i]!.name} is wider than ${SPACES[i - 1]!.name}`).toBeGreaterThan(widths[i - 1]!);
  },
};

const TYPE = [...tokensWith('--font-'), ...tokensWith('--line-height')];
const SAMPLE = 'Account Portal 帳戶入口 账户入口 खाता';

export const Type: StoryObj = {
  name: 'Type · 字體 · 字体',
  parameters: {
    docs: {
      description: {
        story:
          'One font stack for every script the portal shows: Latin, Traditional Chinese (Hong Kong faces first), Simplified Chinese (its own order under `:lang(zh-Hans)`) and Devanagari (Nepali and Hindi names). The large sizes grow on screens wider than 40rem.',
      },
    },
  },
  render: () => (
    <>
      <TokenTable
        caption="Type"
        tokens={TYPE}
        sample={(token) =>
          token.name.startsWith('--font-size-') ? (
            <span data-type={token.name} style={{ fontSize: `var(${token.name})` }}>
              {SAMPLE}
            </span>
          ) : token.name === '--font-weight-bold' ? (
            <span style={{ fontWeight: `var(${token.name})` }}>{SAMPLE}</span>
          ) : (
            <span>{SAMPLE}</span>
          )
        }
      />
      <Overrides />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expectRows(canvasElement, TYPE);
    const sizes = [...canvasElement.querySelectorAll<HTMLElement>('[data-type]')].map((sample) => parseFloat(getComputedStyle(sample).fontSize));
    for (let i = 1; i < sizes.length; i++) await expect(sizes[i]!, 'each size larger than the one before').toBeGreaterThan(sizes[i - 1]!);
    await expect(resolved('--font-sans')).toContain('Devanagari');
  },
};

function Overrides() {
  return (
    <section aria-labelledby="token-overrides">
      <h2 id="token-overrides" style={{ fontSize: 'var(--font-size-m)' }}>
        Where values change
      </h2>
      {OVERRIDES.map((override) => (
        <div key={override.when} data-override={override.when}>
          <p>
            <code>{override.when}</code>
          </p>
          <ul>
            {override.tokens.map((token) => (
              <li key={token.name}>
                <code>
                  {token.name}: {token.value}
                </code>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

const SHAPES = TOKENS.filter((token) => /^--(radius|border-width|focus-width|content-width|page-width|shadow)/.test(token.name));

export const RadiiBordersAndFocus: StoryObj = {
  name: 'Radii, borders, focus and widths',
  parameters: {
    docs: {
      description: {
        story:
          'Corners, border and focus widths, shadows and the two reading widths. Focus is the GOV.UK yellow with black text, wide enough to see on any background: never remove it, never change its colour per component.',
      },
    },
  },
  render: () => (
    <TokenTable
      caption="Radii, borders, focus and widths"
      tokens={SHAPES}
      sample={(token) =>
        token.name === '--focus-width' ? (
          <span data-shape={token.name} style={{ display: 'inline-block', padding: '0.25rem', outline: `var(${token.name}) solid var(--color-focus)`, background: 'var(--color-focus)', color: 'var(--color-focus-text)' }}>
            Focus
          </span>
        ) : token.name.startsWith('--shadow') ? (
          <span data-shape={token.name} style={{ display: 'inline-block', width: '4rem', height: '2rem', boxShadow: `var(${token.name})`, background: 'var(--color-bg)' }} />
        ) : token.name.endsWith('-width') && !token.name.startsWith('--focus') && !token.name.startsWith('--border') ? (
          <span data-shape={token.name}>{token.value}</span>
        ) : (
          <span data-shape={token.name} style={{ display: 'inline-block', width: '3rem', height: '2rem', border: `var(--border-width) solid var(--color-text)`, borderRadius: token.name === '--radius' ? `var(${token.name})` : 0 }} />
        )
      }
    />
  ),
  play: async ({ canvasElement }) => {
    await expectRows(canvasElement, SHAPES);
    await expect(SHAPES.map((token) => token.name)).toEqual(expect.arrayContaining(['--radius', '--focus-width', '--border-width']));
  },
};
