import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Language } from '../../contract/languages.ts';
import { hrefOf } from '../shell/route-link.tsx';
import { Checkbox } from './checkbox.tsx';

export interface TermsAcceptanceProps {
  lang: Language;
  /** The sentence with `<terms>` and `<privacy>` parts that become the links. */
  links: MessageDescriptor;
  /** The checkbox's label. */
  label: string;
  error?: string | null | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * The terms of a registration form (individual and school staff): links to the terms of service
 * and the privacy policy, opened in a new tab so the form keeps what was typed, and the required
 * checkbox (id `acceptTerms`, which the error summary links to).
 */
export function TermsAcceptance({ lang, links, label, error, checked, onCheckedChange }: TermsAcceptanceProps) {
  const intl = useIntl();
  const link = (path: '/{-$lang}/terms' | '/{-$lang}/privacy') => (chunks: React.ReactNode[]) => (
    <a href={hrefOf(path, lang)} target="_blank" rel="noopener">
      {chunks}
    </a>
  );
  return (
    <>
      <p>{intl.formatMessage(links, { terms: link('/{-$lang}/terms'), privacy: link('/{-$lang}/privacy') })}</p>
      <Checkbox id="acceptTerms" label={label} error={error} checked={checked} onCheckedChange={onCheckedChange} />
    </>
  );
}
