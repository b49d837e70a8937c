// Colours live in src/ui/tokens.css only (issue 24): a colour written in a component's CSS, or a
// token referred to by a name the file does not define, fails here. A `var(--token, fallback)`
// is refused too: the fallback hid a misspelt `--colour-border` that nothing noticed.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');
const TOKENS = join(SRC, 'ui/tokens.css');

/**
 * Files whose colours are not ours to choose: Google's sign-in mark must be drawn in Google's own
 * colours (its branding guidelines), so they stay in the icon.
 */
const OWN_COLOURS = new Set(['src/features/third-party/google-icon.tsx']);

function files(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties a stylesheet defines. */
function definedProperties(css: string): Set<string> {
  return new Set([...withoutComments(css).matchAll(/(--[A-Za-z0-9-]+)\s*:/g)].map((match) => match[1]!));
}

/** CSS named colours (CSS Color 4), which would bypass the tokens as surely as a hex value. */
const NAMED = new Set(
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'.split(
    ' ',
  ),
);

/** Every colour written as a value in a stylesheet: hex, colour functions and named colours. */
function colourLiterals(css: string): string[] {
  const found: string[] = [];
  for (const [, value] of withoutComments(css).matchAll(/[-\w]+\s*:\s*([^;{}]+)/g)) {
    const text = value!.replace(/var\([^)]*\)/g, ' ');
    for (const match of text.matchAll(/#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^)]*\)/g)) found.push(match[0]);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) if (NAMED.has(word)) found.push(word);
  }
  return found;
}

/** `var(--x)` names used, and those written with a fallback. */
function tokenUses(source: string): { names: string[]; withFallback: string[] } {
  const uses = [...source.matchAll(/var\(\s*(--[A-Za-z0-9-]+)\s*(,)?/g)];
  return { names: uses.map((use) => use[1]!), withFallback: uses.filter((use) => use[2]).map((use) => use[1]!) };
}

const tokens = definedProperties(readFileSync(TOKENS, 'utf8'));
const stylesheets = files(SRC, /\.css$/).filter((file) => file !== TOKENS);
const sources = files(SRC, /\.tsx?$/);
const rel = (file: string) => relative(ROOT, file);

describe('design tokens', () => {
  it('finds the colours a stylesheet writes, and only those', () => {
    expect(colourLiterals('.a { color: #fff; background: rgb(0 0 0 / 0.3); border-color: Red; }')).toEqual(['#fff', 'rgb(0 0 0 / 0.3)', 'red']);
    expect(colourLiterals('.a { color: var(--color-text); border: 1px solid transparent; outline: var(--focus-width) solid currentColor; }')).toEqual([]);
    expect(tokenUses('border: 1px solid var(--colour-border, #b1b4b6); color: var(--color-text)')).toEqual({ names: ['--colour-border', '--color-text'], withFallback: ['--colour-border'] });
  });

  it('keeps every colour of the stylesheets in src/ui/tokens.css', () => {
    const written = stylesheets.flatMap((file) => colourLiterals(readFileSync(file, 'utf8')).map((colour) => `${rel(file)}: ${colour}`));
    expect(written).toEqual([]);
  });

  it('writes no colour into a component or a page', () => {
    const written = sources
      .filter((file) => !OWN_COLOURS.has(rel(file)))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['"`](#[0-9a-fA-F]{3,8}|(?:rgba?|hsla?)\([^)]*\))['"`]/g)].map((match) => `${rel(file)}: ${match[1]}`));
    expect(written).toEqual([]);
  });

  it('refers only to tokens the file defines, without fallbacks that would hide a misspelling', () => {
    const problems: string[] = [];
    for (const file of [...stylesheets, ...sources, TOKENS]) {
      const source = readFileSync(file, 'utf8');
      const local = file.endsWith('.css') ? definedProperties(source) : new Set<string>();
      const { names, withFallback } = tokenUses(source);
      for (const name of names) if (!tokens.has(name) && !local.has(name)) problems.push(`${rel(file)}: var(${name}) is not a token of src/ui/tokens.css`);
      for (const name of withFallback) problems.push(`${rel(file)}: var(${name}, …) has a fallback`);
    }
    expect(problems).toEqual([]);
  });

  it('names faces for Chinese, Latin and Devanagari in every font stack', () => {
    const stacks = [...withoutComments(readFileSync(TOKENS, 'utf8')).matchAll(/--font-sans:\s*([^;]+);/g)].map((match) => match[1]!);
    expect(stacks.length).toBeGreaterThan(0);
    for (const stack of stacks) {
      expect(stack).toMatch(/Noto Sans CJK TC/);
      expect(stack).toMatch(/Noto Sans CJK SC/);
      expect(stack).toMatch(/Arial/);
      expect(stack).toMatch(/Noto Sans Devanagari/);
    }
  });
});
