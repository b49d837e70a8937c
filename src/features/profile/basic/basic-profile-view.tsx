import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { schoolNameIn } from '../../../../contract/languages.ts';
import { REGIONS, SELF_CLAIMED_ROLES, SUBSCRIPTION_SERVICES, GENDERS, TITLES, type SubscriptionService } from '../../../../contract/constants.ts';
import { HK_DISTRICTS, type BasicProfile, type ProfileData } from '../../../../contract/schemas/profile.ts';
import type { EmailChangeKind } from '../../../../contract/schemas/verification.ts';
import { useLanguage } from '../../../i18n/i18n-provider.tsx';
import { RouteLink } from '../../../shell/route-link.tsx';
import { Button } from '../../../ui/button.tsx';
import { cx } from '../../../ui/cx.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextInput } from '../../../ui/text-input.tsx';
import styles from '../../features.module.css';
import { categoryMessages } from '../profile-messages.ts';
import { CheckboxGroup } from '../../../ui/checkbox-group.tsx';
import { ReadOnlyList, SelectField, useOptions, useProfileForm } from '../profile-fields.tsx';
import { ProfileFormFrame, type ProfileFormActor } from '../profile-form-frame.tsx';
import { profileFormMessages } from '../profile-form-messages.ts';
import {
  basicMessages as m,
  districtMessages,
  genderMessages,
  regionMessages,
  roleMessages,
  serviceMessages,
  titleMessages,
} from './basic-profile-messages.ts';

/** Renders a login or contact email's change panel; without it the addresses are shown as text. */
export type EmailPanelRenderer = (props: { kind: EmailChangeKind; currentEmail: string | null; pendingEmail: string | null }) => ReactNode;

export interface BasicProfileViewProps {
  actor: ProfileFormActor;
  emailPanel?: EmailPanelRenderer;
  /** Which section this page shows (default: personal details, /profile). */
  section?: BasicSection;
}

const FIELD_NAMES = {
  title: m.titleField,
  chineseSurname: m.chineseSurname,
  chineseGivenName: m.chineseGivenName,
  englishSurname: m.englishSurname,
  englishGivenName: m.englishGivenName,
  nickname: m.nickname,
  gender: m.gender,
  yearOfBirth: m.yearOfBirth,
  roles: m.roles,
  region: m.region,
  district: m.district,
  addressLine1Zh: m.addressLine1Zh,
  addressLine2Zh: m.addressLine2Zh,
  addressLine1En: m.addressLine1En,
  addressLine2En: m.addressLine2En,
  subscriptions: m.subscriptions,
};

/** The fields typed in a text box. */
type TextField = 'chineseSurname' | 'chineseGivenName' | 'englishSurname' | 'englishGivenName' | 'nickname' | 'yearOfBirth' | 'addressLine1Zh' | 'addressLine2Zh' | 'addressLine1En' | 'addressLine2En';

function EmailText({ currentEmail, pendingEmail }: { currentEmail: string | null; pendingEmail: string | null }) {
  const intl = useIntl();
  return (
    <>
      <p>{currentEmail ?? intl.formatMessage(profileFormMessages.none)}</p>
      {pendingEmail ? <p className={cx(styles.muted)}>{intl.formatMessage(m.pendingEmail, { email: pendingEmail })}</p> : null}
    </>
  );
}

function useServiceList(): (services: readonly SubscriptionService[]) => string {
  const intl = useIntl();
  return (services) =>
    services.length === 0 ? intl.formatMessage(m.noServices) : intl.formatList(services.map((service) => intl.formatMessage(serviceMessages[service])), { type: 'conjunction' });
}

/** Login ID, display name, category and school, read-only under the personal details' form (the form's first field stays on a phone's first screen). */
function AccountSummary({ details }: { details: ProfileData }) {
  const intl = useIntl();
  const rows = [
    { key: 'loginId', label: intl.formatMessage(m.loginId), value: details.loginId },
    { key: 'displayName', label: intl.formatMessage(m.displayName), value: details.displayName },
    { key: 'category', label: intl.formatMessage(m.category), value: intl.formatMessage(categoryMessages[details.category]) },
  ];
  if (details.school) {
    rows.push({ key: 'school', label: intl.formatMessage(m.school), value: intl.formatMessage(m.schoolValue, { name: schoolNameIn(intl.locale, details.school), code: details.school.code }) });
  }
  return (
    <>
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.account)}</h2>
      <ReadOnlyList rows={rows} />
      {details.school && details.schoolReadOnly ? <p className={cx(styles.muted)}>{intl.formatMessage(m.schoolReadOnly)}</p> : null}
    </>
  );
}

/** The two email panels of the emails section, each with its heading and where its addresses are. */
const EMAILS = [
  { kind: 'login', heading: m.loginEmail, current: 'loginEmail', pending: 'pendingLoginEmail' },
  { kind: 'contact', heading: m.contactEmail, current: 'contactEmail', pending: 'pendingContactEmail' },
] as const;

/**
 * The emails section: the login and contact email panels (each its own form, its own button that
 * sends the verification link, its own message beside it), the mobile number, linked sign-ins.
 */
function EmailsAndMobile({ details, emailPanel }: { details: ProfileData; emailPanel: EmailPanelRenderer | undefined }) {
  const intl = useIntl();
  const renderEmail: EmailPanelRenderer = emailPanel ?? ((props) => <EmailText {...props} />);
  return (
    <>
      {EMAILS.map(({ kind, heading, current, pending }) => (
        <section key={kind} aria-labelledby={`${kind}-email-heading`}>
          <h2 id={`${kind}-email-heading`} className={cx(styles.subheading)}>
            {intl.formatMessage(heading)}
          </h2>
          {renderEmail({ kind, currentEmail: details[current], pendingEmail: details[pending] })}
        </section>
      ))}
      <section aria-labelledby="mobile-heading">
        <h2 id="mobile-heading" className={cx(styles.subheading)}>
          {intl.formatMessage(m.mobile)}
        </h2>
        <p>
          {details.mobile
            ? `${intl.formatMessage(m.mobileNumber, { countryCode: details.mobile.countryCode, mobile: details.mobile.mobile })} · ${intl.formatMessage(
                details.mobile.verified ? m.mobileVerified : m.mobileNotVerified,
              )}`
            : intl.formatMessage(m.mobileNone)}
        </p>
        <p>
          <RouteLink to="/{-$lang}/profile/mobile-verification">{intl.formatMessage(m.mobileVerify)}</RouteLink>
        </p>
      </section>
      <section aria-labelledby="third-party-heading">
        <h2 id="third-party-heading" className={cx(styles.subheading)}>
          {intl.formatMessage(m.thirdParty)}
        </h2>
        {details.thirdPartyLinks.length === 0 ? (
          <p className={cx(styles.muted)}>{intl.formatMessage(m.thirdPartyNone)}</p>
        ) : (
          <ul className={cx(styles.links)}>
            {details.thirdPartyLinks.map((link) => (
              <li key={`${link.provider}:${link.label}`}>
                {intl.formatMessage(m.provider_google)}: {link.label}
              </li>
            ))}
          </ul>
        )}
        <p>
          <RouteLink to="/{-$lang}/profile/login-info">{intl.formatMessage(m.thirdPartyManage)}</RouteLink>
        </p>
      </section>
    </>
  );
}

/** The sections of the basic profile, one route each (docs/decisions/profile-design.md). */
export type BasicSection = 'personal' | 'address' | 'emails';

const SECTION_TITLES = { personal: m.personalTitle, address: m.addressTitle, emails: m.emailsTitle } as const;
const SECTION_LEADS = { personal: m.personalLead, address: m.addressLead, emails: m.emailsLead } as const;

/**
 * The basic profile (SPEC §2, §3) in short sections, each its own page with its own save:
 * personal details (names, nickname, about you, under the read-only account summary); address and
 * newsletters; emails and mobile (no page save: each email panel sends its own link). A save sends
 * the whole profile with the other sections' values as saved.
 */
export function BasicProfileView({ actor, emailPanel, section = 'personal' }: BasicProfileViewProps) {
  const intl = useIntl();
  const lang = useLanguage();
  const { values, details, errors, field } = useProfileForm<BasicProfile, ProfileData>(actor);
  const confirmation = useSelector(actor, (snapshot) => snapshot.context.confirmation);
  const generating = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'generatingNickname' }));
  const serviceList = useServiceList();
  const titles = useOptions(TITLES, titleMessages);
  const genders = useOptions(GENDERS, genderMessages);
  const roles = useOptions(SELF_CLAIMED_ROLES, roleMessages);
  const regions = useOptions(REGIONS, regionMessages);
  const districts = useOptions(HK_DISTRICTS, districtMessages);
  const services = useOptions(SUBSCRIPTION_SERVICES, serviceMessages);

  const text = (name: TextField, extra: { hint?: string; width?: 10 | 20 | 30; autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <TextInput {...field(name)} label={intl.formatMessage(FIELD_NAMES[name])} {...extra} />
  );
  const frame = {
    actor,
    title: intl.formatMessage(SECTION_TITLES[section]),
    lead: intl.formatMessage(SECTION_LEADS[section]),
    errors,
  };

  if (section === 'emails') {
    return <ProfileFormFrame {...frame} before={details ? <EmailsAndMobile details={details} emailPanel={emailPanel} /> : null} />;
  }

  if (section === 'address') {
    return (
      <ProfileFormFrame
        {...frame}
        saveLabel={intl.formatMessage(m.saveAddress)}
        before={details?.pendingSubscriptions ? <p className={cx(styles.muted)}>{intl.formatMessage(m.pending, { services: serviceList(details.pendingSubscriptions) })}</p> : null}
        savedExtra={confirmation ? <p>{intl.formatMessage(m.confirmationSent, { email: confirmation.email, services: serviceList(confirmation.services) })}</p> : null}
      >
        <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.address)}</h2>
        <SelectField
          {...field('region')}
          label={intl.formatMessage(m.region)}
          options={regions}
          onValueChange={(region) => {
            actor.send({ type: 'form.change', field: 'region', value: region });
            // Districts are Hong Kong's: another region leaves none chosen.
            if (region !== 'HONGKONG' && values.district !== '') actor.send({ type: 'form.change', field: 'district', value: '' });
          }}
        />
        {values.region === 'HONGKONG' ? (
          <SelectField {...field('district')} label={intl.formatMessage(m.district)} options={districts} />
        ) : null}
        {text('addressLine1Zh')}
        {text('addressLine2Zh')}
        {text('addressLine1En')}
        {text('addressLine2En')}
        <CheckboxGroup {...field('subscriptions')} legend={intl.formatMessage(m.newsletters)} hint={intl.formatMessage(m.newslettersHint)} options={services} />
      </ProfileFormFrame>
    );
  }

  return (
    <ProfileFormFrame {...frame} saveLabel={intl.formatMessage(m.savePersonal)} after={details ? <AccountSummary details={details} /> : null}>
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.names)}</h2>
      <SelectField {...field('title')} label={intl.formatMessage(m.titleField)} options={titles} />
      {text('chineseSurname', { width: 10 })}
      {text('chineseGivenName', { width: 20 })}
      {text('englishSurname', { width: 20, autoComplete: 'family-name' })}
      {text('englishGivenName', { width: 20, autoComplete: 'given-name' })}
      {text('nickname', { hint: details ? intl.formatMessage(m.nicknameHintNamed, { displayName: details.displayName }) : intl.formatMessage(m.nicknameHint), autoComplete: 'nickname' })}
      <p>
        <Button variant="secondary" busy={generating} onClick={() => actor.send({ type: 'nickname.generate', lang })}>
          {intl.formatMessage(m.generate)}
        </Button>
      </p>
      {generating ? <Spinner label={intl.formatMessage(m.generating)} /> : null}
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.about)}</h2>
      <SelectField {...field('gender')} label={intl.formatMessage(m.gender)} options={genders} />
      {text('yearOfBirth', { hint: intl.formatMessage(m.yearOfBirthHint), width: 10, inputMode: 'numeric' })}
      <CheckboxGroup {...field('roles')} legend={intl.formatMessage(m.roles)} hint={intl.formatMessage(profileFormMessages.chooseAny)} options={roles} />
    </ProfileFormFrame>
  );
}
