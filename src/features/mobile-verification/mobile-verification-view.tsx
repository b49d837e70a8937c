import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { MobileState } from '../../../contract/schemas/profile.ts';
import type { mobileVerificationMachine } from '../../../machines/mobile-verification/mobile-verification.machine.ts';
import { HTML_LANG } from '../../../contract/languages.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { formRefusal } from '../../i18n/refusal-messages.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { CodeEntry, CodeExpiredActions, useSentCode } from '../../ui/code-entry.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Field } from '../../ui/field.tsx';
import fieldStyles from '../../ui/field.module.css';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { CALLING_CODES } from './calling-codes.ts';
import { formatNumber, usePhoneRules } from './phone.ts';
import { mobileVerificationMessages as m } from './mobile-verification-messages.ts';

type MobileVerificationActor = ActorRefFrom<typeof mobileVerificationMachine>;


/** Regions listed by name in a calling code's label before the rest are only counted. */
const REGIONS_NAMED = 3;

/** "+852 Hong Kong" for every calling code, region names in the page's language. */
function useCountryOptions(): Array<{ code: string; label: string }> {
  const intl = useIntl();
  const lang = useLanguage();
  return useMemo(() => {
    const names = new Intl.DisplayNames([HTML_LANG[lang]], { type: 'region', fallback: 'code' });
    const list = (regions: string[]) => intl.formatList(regions.map((region) => names.of(region) ?? region), { type: 'conjunction' });
    return CALLING_CODES.map(({ code, regions }) => {
      const region =
        regions.length <= REGIONS_NAMED
          ? list(regions)
          : intl.formatMessage(m.countryMore, { region: names.of(regions[0] ?? '') ?? '', count: regions.length - 1 });
      return { code, label: intl.formatMessage(m.countryOption, { code, region }) };
    });
  }, [intl, lang]);
}

/** The code entry's words on this page (src/ui/code-entry.tsx). */
const CODE_WORDS = { expiresIn: m.expiresIn, resendIn: m.resendIn, resend: m.resend, submit: m.verify, submitting: m.verifying, back: m.editNumber };

function CurrentNumber({ current }: { current: MobileState | null }) {
  const intl = useIntl();
  const rules = usePhoneRules();
  if (!current) return null;
  const number = formatNumber(rules, current.countryCode, current.mobile);
  return (
    <Notice tone={current.verified ? 'success' : 'info'}>
      <p>{intl.formatMessage(current.verified ? m.currentVerified : m.currentUnverified, { number })}</p>
      {current.verified ? <p>{intl.formatMessage(m.changeHint)}</p> : null}
    </Notice>
  );
}

function NumberForm({ actor }: { actor: MobileVerificationActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const options = useCountryOptions();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formRefusal);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useFieldErrors(issues);
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));

  // A number that is not a mobile of that code, from the client check or the server, reads as the catalogue's text.
  const notMobile = failure === 'mobileNotMobile' || issues.some((issue) => issue.field === 'mobile' && issue.rule === 'format');
  const errorFor = (field: string) => (field === 'mobile' && notMobile ? errorText('mobileNotMobile') : fieldErrors.errorFor(field));
  const summary = fieldErrors.summary.map((item) => ({ ...item, text: errorFor(item.fieldId) ?? item.text }));
  const items = [
    ...summary,
    ...(notMobile && !summary.some((item) => item.fieldId === 'mobile') ? [{ fieldId: 'mobile', text: errorText('mobileNotMobile') }] : []),
    ...(failure && failure !== 'mobileNotMobile' ? [{ text: errorText(failure) }] : []),
  ];
  const countryError = errorFor('countryCode');

  return (
    <>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <Field id="countryCode" label={intl.formatMessage(m.countryCode)} error={countryError}>
          {(control) => (
            <select
              {...control}
              name="countryCode"
              className={cx(fieldStyles.input, fieldStyles.width20, countryError && fieldStyles.inputError)}
              value={values.countryCode}
              onChange={(event) => actor.send({ type: 'form.change', field: 'countryCode', value: event.target.value })}
              autoComplete="tel-country-code"
            >
              {options.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextInput
          id="mobile"
          type="tel"
          inputMode="numeric"
          label={intl.formatMessage(m.mobile)}
          hint={intl.formatMessage(m.mobileHint)}
          error={errorFor('mobile')}
          value={values.mobile}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'mobile', value })}
          autoComplete="tel-national"
          width={20}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.sending : m.send)}
        </Button>
      </form>
    </>
  );
}

function CodeForm({ actor }: { actor: MobileVerificationActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const rules = usePhoneRules();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const { entry, issues, refused } = useSentCode(actor);
  const { summary, errorFor } = useFieldErrors(issues);

  return (
    <CodeEntry
      {...entry}
      id="code"
      words={CODE_WORDS}
      sentTo={intl.formatMessage(m.sentTo, { number: formatNumber(rules, values.countryCode, values.mobile) })}
      label={intl.formatMessage(m.code)}
      hint={intl.formatMessage(m.codeHint)}
      error={refused ? errorText(refused) : errorFor('code')}
      summary={refused ? [{ fieldId: 'code', text: errorText(refused) }] : summary}
      onBack={() => actor.send({ type: 'number.edit' })}
    />
  );
}

export interface MobileVerificationViewProps {
  actor: MobileVerificationActor;
  /** The number on the profile, shown above the form. */
  current?: MobileState | null;
  /**
   * Inside another flow (the full-member upgrade's phone step, which invokes this machine as a
   * child): no page of its own and no way back to the profile; the flow's dialog frames it.
   */
  embedded?: boolean;
}

/** The page, or (embedded) only its content. */
function Frame({ embedded, title, lead, children }: { embedded: boolean; title: string; lead?: string; children: ReactNode }) {
  if (!embedded) return <Page title={title} {...(lead ? { lead } : {})}>{children}</Page>;
  return (
    <>
      {lead ? <p>{lead}</p> : null}
      {children}
    </>
  );
}

/** Number → SMS code with its countdowns → verified; expired, held and refused codes have their own screens. */
export function MobileVerificationView({ actor, current = null, embedded = false }: MobileVerificationViewProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const rules = usePhoneRules();
  const stage = useSelector(actor, (snapshot) =>
    snapshot.matches('verified') ? 'verified' : snapshot.matches('held') ? 'held' : snapshot.matches('codeExpired') ? 'expired' : snapshot.matches('codeSent') ? 'code' : 'number',
  );
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const title = intl.formatMessage(m.title);
  const back = embedded ? null : (
    <p>
      <RouteLink to="/{-$lang}/profile/emails">{intl.formatMessage(m.toProfile)}</RouteLink>
    </p>
  );

  if (stage === 'verified') {
    return (
      <Frame embedded={embedded} title={title}>
        <Notice tone="success" title={intl.formatMessage(m.verifiedTitle)} live>
          <p>{intl.formatMessage(m.verifiedBody, { number: formatNumber(rules, values.countryCode, values.mobile) })}</p>
        </Notice>
        {back}
      </Frame>
    );
  }
  if (stage === 'held') {
    return (
      <Frame embedded={embedded} title={title}>
        <Notice tone="warning" title={intl.formatMessage(m.heldTitle)} live>
          <p>{errorText('held', { holdUntil })}</p>
        </Notice>
        {back}
      </Frame>
    );
  }
  if (stage === 'expired') {
    return (
      <Frame embedded={embedded} title={title}>
        <Notice tone="warning" title={intl.formatMessage(m.expiredTitle)} live>
          <p>{intl.formatMessage(m.expiredBody)}</p>
        </Notice>
        <CodeExpiredActions words={CODE_WORDS} onResend={() => actor.send({ type: 'code.resend' })} onBack={() => actor.send({ type: 'number.edit' })} />
      </Frame>
    );
  }
  return (
    <Frame embedded={embedded} title={title} lead={intl.formatMessage(m.lead)}>
      {stage === 'number' ? <CurrentNumber current={current} /> : null}
      {stage === 'code' ? <CodeForm actor={actor} /> : <NumberForm actor={actor} />}
      {back}
    </Frame>
  );
}
