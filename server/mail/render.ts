import type { EmailContent } from './email-document.tsx';

/** An email ready for the outbox: the subject, the plain-text part and the HTML part. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** How the text part is made from the HTML: headings keep their case, no line wrapping. */
const TEXT_OPTIONS = { wordwrap: false as const, selectors: [{ selector: 'h1', options: { uppercase: false } }] };

type Engine = {
  render: typeof import('@react-email/render').render;
  toPlainText: typeof import('@react-email/render').toPlainText;
  createElement: typeof import('react').createElement;
  EmailDocument: typeof import('./email-document.tsx').EmailDocument;
};

let engine: Promise<Engine> | undefined;

/**
 * React, react-dom/server and react-email load with the first email, not when the server starts
 * (most requests send none; docs/decisions/emails.md measures the difference). Never imported by
 * the browser's code: src/ cannot import server/ (npm run lint).
 */
function loadEngine(): Promise<Engine> {
  engine ??= Promise.all([import('@react-email/render'), import('react'), import('./email-document.tsx')]).then(([renderer, react, document]) => ({
    render: renderer.render,
    toPlainText: renderer.toPlainText,
    createElement: react.createElement,
    EmailDocument: document.EmailDocument,
  }));
  return engine;
}

/** The HTML with @react-email/render, and the text part converted from that same HTML. */
export async function renderEmailContent(content: EmailContent): Promise<RenderedEmail> {
  const { render, toPlainText, createElement, EmailDocument } = await loadEngine();
  const html = await render(createElement(EmailDocument, { content }));
  const text = toPlainText(html, TEXT_OPTIONS).trim();
  return { subject: content.subject, text, html };
}
