import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HTML_LANG, type Language } from '../../contract/index.ts';
import type { RenderedEmail } from '../../server/mail/templates.ts';
import { setEmailMessageSource } from '../../server/mail/intl.ts';
import { EMAIL_SAMPLES, type EmailName, type EmailSample } from './email-samples.ts';

// The whole locale files, as Vite serves JSON (the server imports them with import attributes).
const LOCALE_FILES = import.meta.glob<Record<string, string>>('../../locales/*.json', { import: 'default' });
setEmailMessageSource(async (lang) => {
  const load = LOCALE_FILES[`../../locales/${lang}.json`];
  if (!load) throw new Error(`no locale file for ${lang}`);
  return load();
});

/**
 * An email as its reader gets it: the subject, the HTML part as a mail client shows its body
 * (inline styles, in the page, so the a11y addon's axe run checks it like any screen), and the
 * plain-text part. Rendered by the server's own composition (server/mail/templates.ts) in the
 * story's language, so what designers review is what the outbox sends.
 */
export function EmailPreview({ lang, email }: { lang: Language; email: RenderedEmail }) {
  const body = new DOMParser().parseFromString(email.html, 'text/html').body.innerHTML;
  return (
    <article lang={HTML_LANG[lang]} style={{ maxWidth: 720 }}>
      <p data-testid="email-subject" style={{ fontWeight: 700, margin: '0 0 8px' }}>
        {email.subject}
      </p>
      {/* The HTML part, as react-email rendered it. */}
      <div data-testid="email-html" dangerouslySetInnerHTML={{ __html: body }} />
      <pre data-testid="email-text" style={{ whiteSpace: 'pre-wrap', border: '1px solid #b1b4b6', padding: 16, marginTop: 16, color: '#0b0c0c', background: '#ffffff' }}>
        {email.text}
      </pre>
    </article>
  );
}

export interface EmailStoryArgs {
  email: EmailName;
  lang: Language;
}

interface Loaded {
  rendered: RenderedEmail;
}

export const emailMeta = {
  parameters: { layout: 'padded' },
  loaders: [async ({ args }: { args: EmailStoryArgs }): Promise<Loaded> => ({ rendered: await EMAIL_SAMPLES[args.email].render(args.lang) })],
  render: (args: EmailStoryArgs, { loaded }: { loaded: Record<string, unknown> }) => <EmailPreview lang={args.lang} email={(loaded as unknown as Loaded).rendered} />,
} satisfies Meta<EmailStoryArgs>;

const LANGUAGE_NAMES: Record<Language, string> = { zh_hant: '繁體中文', en: 'English', zh_hans: '简体中文' };

/** One email in one language; its play checks both parts carry the subject, the link or code and the zone. */
export function emailStory(email: EmailName, title: string, lang: Language): StoryObj<EmailStoryArgs> {
  const sample: EmailSample = EMAIL_SAMPLES[email];
  return {
    name: `${title} · ${LANGUAGE_NAMES[lang]}`,
    args: { email, lang },
    // The toolbar shows (and keeps) the email's own language; each language is its own story,
    // rendered by the server's composition, so the in-place language passes do not apply.
    globals: { locale: lang },
    parameters: { languages: 'own' },
    play: async ({ canvasElement, loaded }) => {
      const { rendered } = loaded as unknown as Loaded;
      const canvas = within(canvasElement);
      await expect(canvas.getByTestId('email-subject')).toHaveTextContent(rendered.subject);
      const html = canvas.getByTestId('email-html');
      const text = canvas.getByTestId('email-text').textContent ?? '';
      await expect(html).toHaveTextContent(rendered.subject);
      if (sample.link) {
        const href = sample.link(lang);
        await expect(html.querySelector(`a[href="${CSS.escape(href)}"]`)).not.toBeNull();
        await expect(text.split('\n')).toContain(href);
      }
      if (sample.code) {
        await expect(html).toHaveTextContent(sample.code);
        await expect(text).toContain(sample.code);
      }
      const zone = { zh_hant: '（香港時間）', en: '(Hong Kong time)', zh_hans: '（香港时间）' }[lang];
      if (sample.tellsTime) {
        await expect(html).toHaveTextContent(zone);
        await expect(text).toContain(zone);
      }
      // No ICU source or message id leaks into what is sent.
      await expect(text).not.toMatch(/[{}]|\bmail\.[a-zA-Z]/);
    },
  };
}
