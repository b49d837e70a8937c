import type { ReactNode } from 'react';

/** "How to get here": its heading, the start and the numbered steps, and their language (`lang` of the list). */
export interface HowToGetHere {
  heading: string;
  start: string;
  steps: readonly string[];
  lang: string;
}

/**
 * Beside each state story: its readable title, the raw state path developers search for, and the
 * steps that reach it along the shortest path the graph found: in gestures in the story's
 * language where the flow has a view model (`npm run paths` wording), else in events. Story
 * chrome, not the app: the title and path are English (`lang="en"`), the steps carry their own
 * `lang`; its text is left out of the evidence the story's `play` looks for
 * (stories/support/evidence.ts ignores `[data-story-caption]`).
 */
export function StateCaption({ title, machine, path, how, note }: { title: string; machine: string; path: string; how: HowToGetHere; note?: string | undefined }) {
  return (
    <div data-story-caption="" lang="en" style={CAPTION}>
      <p style={{ margin: 0, fontWeight: 700 }}>{title}</p>
      <p style={{ margin: '4px 0 12px' }}>
        <code>
          {machine} · {path}
        </code>
      </p>
      <div lang={how.lang}>
        <p style={{ margin: '0 0 4px', fontWeight: 700 }}>{how.heading}</p>
        <p style={{ margin: 0 }}>{how.start}</p>
        <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {how.steps.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ol>
      </div>
      {note ? <p style={{ margin: '12px 0 0', fontStyle: 'italic' }}>{note}</p> : null}
    </div>
  );
}

const CAPTION = {
  flex: '0 1 18rem',
  minWidth: 0,
  overflowWrap: 'anywhere',
  padding: 12,
  border: '1px solid #b1b4b6',
  background: '#f3f2f1',
  color: '#0b0c0c',
  fontSize: 14,
  lineHeight: 1.4,
} as const;

/** The view and its caption side by side on a wide canvas, the caption under it on a phone. */
export function WithCaption({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
      <div style={{ flex: '1 1 20rem', minWidth: 0 }}>{children}</div>
      {caption}
    </div>
  );
}
