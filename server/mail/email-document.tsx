// The parts of @react-email/components, each from its own package: the components barrel also
// loads Tailwind (3.7 s and 22 MB more at the first email; docs/decisions/emails.md).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';

/**
 * What an email says, already formatted in the recipient's language (server/mail/templates.ts
 * composes it from ICU messages). One layout for every email, so they read alike and the text
 * part, made from the HTML, keeps each link on a line of its own.
 */
export interface EmailContent {
  /** BCP 47 tag of the recipient's language, for `<html lang>`. */
  lang: string;
  subject: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  brand: string;
  greeting: string;
  blocks: readonly EmailBlock[];
  /** Small print under a rule: whom to ask, to whom it was sent. */
  footer: readonly string[];
}

export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  /** A button, then the same link written out under the fallback words. */
  | { kind: 'action'; label: string; url: string; fallback: string }
  /** A code to type, large and spaced. */
  | { kind: 'code'; code: string }
  | { kind: 'list'; items: readonly string[] }
  /** Label and value lines (`Family reference number: 1234`), formatted by the language's own rule. */
  | { kind: 'facts'; rows: readonly string[] };

// Colours keep 4.5:1 contrast at least (WCAG AA) on their backgrounds, as the screens do.
const INK = '#0b0c0c';
const MUTED = '#484949';
const LINK = '#1d4f91';
const body: CSSProperties = { backgroundColor: '#f3f2f1', margin: 0, padding: '24px 0', fontFamily: 'Arial, "Noto Sans CJK TC", "Noto Sans CJK SC", sans-serif' };
const container: CSSProperties = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '24px 32px' };
const brand: CSSProperties = { color: INK, fontSize: '14px', fontWeight: 700, margin: '0 0 16px', borderBottom: `4px solid ${LINK}`, paddingBottom: '8px' };
const heading: CSSProperties = { color: INK, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' };
const text: CSSProperties = { color: INK, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const button: CSSProperties = { backgroundColor: '#00703c', color: '#ffffff', fontSize: '16px', fontWeight: 700, padding: '12px 20px', borderRadius: '2px', textDecoration: 'none' };
const link: CSSProperties = { color: LINK, textDecoration: 'underline', wordBreak: 'break-all' };
const code: CSSProperties = { color: INK, fontSize: '28px', lineHeight: '36px', fontWeight: 700, letterSpacing: '6px', fontFamily: '"Courier New", monospace', margin: '0 0 16px' };
const small: CSSProperties = { color: MUTED, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' };

function Block({ block }: { block: EmailBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={text}>{block.text}</Text>;
    case 'action':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {/* The text part shows the written-out link below instead of the button. */}
          <Section data-skip-in-text="true" style={{ margin: '0 0 16px' }}>
            <Button href={block.url} style={button}>
              {block.label}
            </Button>
          </Section>
          <Text style={small}>{block.fallback}</Text>
          <Text style={{ ...small, margin: 0 }}>
            <Link href={block.url} style={link}>
              {block.url}
            </Link>
          </Text>
        </Section>
      );
    case 'code':
      return <Text style={code}>{block.code}</Text>;
    case 'list':
      return (
        <ul style={{ ...text, paddingLeft: '24px' }}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'facts':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.rows.map((row) => (
            <Text key={row} style={{ ...text, margin: '0 0 4px' }}>
              {row}
            </Text>
          ))}
        </Section>
      );
  }
}

export function EmailDocument({ content }: { content: EmailContent }) {
  return (
    <Html lang={content.lang} dir="ltr">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={brand}>{content.brand}</Text>
          <Heading as="h1" style={heading}>
            {content.subject}
          </Heading>
          <Text style={text}>{content.greeting}</Text>
          {content.blocks.map((block, index) => (
            // The blocks of one email never change order: the index is a stable key.
            // eslint-disable-next-line react/no-array-index-key
            <Block key={index} block={block} />
          ))}
          <Hr style={{ borderColor: '#b1b4b6', margin: '24px 0 16px' }} />
          {content.footer.map((line) => (
            <Text key={line} style={small}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}
