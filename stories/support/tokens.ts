/**
 * The design tokens as src/ui/tokens.css defines them, read from the file itself (Vite's `?raw`),
 * so the token pages can never disagree with the stylesheet the app ships. Only the first
 * `:root { … }` block is the token set; later blocks override values for a language or a width
 * and are listed as such.
 */
import source from '../../src/ui/tokens.css?raw';

export interface Token {
  name: string;
  value: string;
  /** The comment written above the token's group, if any. */
  note?: string;
}

export interface TokenOverride {
  /** The selector or media query the override applies under. */
  when: string;
  tokens: Token[];
}

const DECLARATION = /(--[a-z0-9-]+)\s*:\s*([^;]+);/g;

function declarations(block: string): Token[] {
  const tokens: Token[] = [];
  for (const match of block.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(DECLARATION)) tokens.push({ name: match[1]!, value: match[2]!.replace(/\s+/g, ' ').trim() });
  return tokens;
}

/** Splits the stylesheet into its top-level blocks: `[selector, body]`. */
function blocks(css: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  let depth = 0;
  let start = 0;
  let selector = '';
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth === 0) {
        selector = text.slice(start, i).trim();
        start = i + 1;
      }
      depth++;
    } else if (text[i] === '}') {
      depth--;
      if (depth === 0) {
        found.push([selector, text.slice(start, i)]);
        start = i + 1;
      }
    }
  }
  return found;
}

const all = blocks(source);
const root = all.find(([selector]) => selector === ':root');
if (!root) throw new Error('src/ui/tokens.css has no :root block');

/** Every token of the base `:root` block, in the order the file defines them. */
export const TOKENS: readonly Token[] = declarations(root[1]);

/** The values that change under a language or a screen width. */
export const OVERRIDES: readonly TokenOverride[] = all
  .filter(([selector]) => selector !== ':root')
  .map(([when, body]) => ({ when, tokens: declarations(body) }))
  .filter((override) => override.tokens.length > 0);

export const tokensWith = (prefix: string): Token[] => TOKENS.filter((token) => token.name.startsWith(prefix));
