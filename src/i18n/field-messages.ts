import { type IntlShape, type MessageDescriptor } from 'react-intl';
import { defineMessages } from './define-messages.ts';
import type { FieldIssue, FieldRule } from '../../contract/errors.ts';
import { FIELD_YEAR_RANGES } from '../../contract/schemas/years.ts';

/** SPEC §5 validation messages, one per contract FieldRule. `{field}` is the field's name. */
export const fieldRuleMessages: Record<FieldRule, MessageDescriptor> = defineMessages({
  required: {
    id: 'field.required',
    defaultMessage: '{field} is required',
    description: 'Validation: a required field is empty. {field} is the field name.',
  },
  format: {
    id: 'field.format',
    defaultMessage: '{field} format is wrong',
    description: 'Validation: the value has the wrong format (email address, login ID characters).',
  },
  numeric: {
    id: 'field.numeric',
    defaultMessage: '{field} format is wrong',
    description: 'Validation: the value must be a number.',
  },
  sameAs: {
    id: 'field.sameAs',
    defaultMessage: '{field} and {sameAsField} are different',
    description: 'Validation: a confirmation does not match. {sameAsField} is the field it must repeat.',
  },
  maxLength: {
    id: 'field.maxLength',
    defaultMessage: 'Max length of {field} is exceeded',
    description: 'Validation: the value is too long.',
  },
  minLength: {
    id: 'field.minLength',
    defaultMessage: '{field} is too short',
    description: 'Validation: the value is too short (the hint under the field gives the minimum).',
  },
  sixDigits: {
    id: 'field.sixDigits',
    defaultMessage: '{field} must be six digits.',
    description: 'Validation: a verification code must be exactly six digits.',
  },
  indecent: {
    id: 'field.indecent',
    defaultMessage: '{field} contains inappropriate language',
    description: 'Validation: the text contains indecent words.',
  },
  taken: {
    id: 'field.taken',
    defaultMessage: '{field} is already in use by another account',
    description: 'Validation: a login ID or email already belongs to another account.',
  },
  duplicated: {
    id: 'field.duplicated',
    defaultMessage: '{field} is duplicated',
    description: 'Validation (school email list): another record already has this email address.',
  },
  improper: {
    id: 'field.improper',
    defaultMessage: '{field} is improper: use an address that can receive mail (not a reserved or throw-away domain)',
    description: 'Validation (school email list): the email domain is reserved or a disposable-mail provider.',
  },
  recaptcha: {
    id: 'field.recaptcha',
    defaultMessage: 'Please verify that you are not a robot.',
    description: 'Validation: the reCAPTCHA check was not passed.',
  },
  complexity: {
    id: 'field.complexity',
    defaultMessage: '{field} is too simple: mix lower-case letters, capital letters, digits and symbols',
    description: 'Validation: a new password uses too few kinds of characters.',
  },
  common: {
    id: 'field.common',
    defaultMessage: '{field} is too common and easy to guess',
    description: 'Validation: a new password is on the list of common passwords.',
  },
  sameAsOld: {
    id: 'field.sameAsOld',
    defaultMessage: '{field} must be different from the current password',
    description: 'Validation: the new password equals the current one.',
  },
  accepted: {
    id: 'field.accepted',
    defaultMessage: '{field} must be accepted',
    description: 'Validation: a checkbox such as the terms of service must be ticked.',
  },
  incorrect: {
    id: 'field.incorrect',
    defaultMessage: '{field} is incorrect',
    description: 'Validation: the value is wrong, e.g. the current password.',
  },
  controlCharacter: {
    id: 'field.controlCharacter',
    defaultMessage: '{field} contains characters that cannot be used (line breaks or control characters)',
    description: 'Validation: the value holds a control character (NUL, a line break) the server refuses.',
  },
  yearRange: {
    id: 'field.yearRange',
    defaultMessage: '{field} must be a year from {min} to {max}',
    description: 'Validation: a year (e.g. of birth) is outside the accepted years. {min} and {max} are the first and last accepted years.',
  },
  schoolDomain: {
    id: 'field.schoolDomain',
    defaultMessage: "{field} must end with one of your school's teacher email domains",
    description: 'Validation (staff registration): the email domain is not a teacher email domain of any school.',
  },
  domainTaken: {
    id: 'field.domainTaken',
    defaultMessage: '{field} is already a teacher email domain of another school',
    description: 'Validation (school settings): {field} is a teacher email domain (e.g. school.edu.hk) that another school has added.',
  },
  publicDomain: {
    id: 'field.publicDomain',
    defaultMessage: "{field} is a public mail service, not your school's domain",
    description: 'Validation (school settings): {field} is a domain (e.g. gmail.com) of a public mail service, which cannot be a teacher email domain.',
  },
});

/**
 * Names of fields that several forms share, used as `{field}` in the messages above and as
 * the default label text of those fields.
 */
export const fieldNames = defineMessages({
  loginId: { id: 'fieldName.loginId', defaultMessage: 'Login ID', description: 'Field name: the login ID (login name) of an account.' },
  loginIdOrEmail: {
    id: 'fieldName.loginIdOrEmail',
    defaultMessage: 'Login ID or login email',
    description: 'Field name: sign-in accepts either the login ID or the login email.',
  },
  email: { id: 'fieldName.email', defaultMessage: 'Email address', description: 'Field name: an email address.' },
  displayName: { id: 'fieldName.displayName', defaultMessage: 'Display name', description: 'Field name: the name shown to others.' },
  password: { id: 'fieldName.password', defaultMessage: 'Password', description: 'Field name: the password.' },
  currentPassword: { id: 'fieldName.currentPassword', defaultMessage: 'Current password', description: 'Field name: the password in use now.' },
  newPassword: { id: 'fieldName.newPassword', defaultMessage: 'New password', description: 'Field name: the password to set.' },
  confirmNewPassword: {
    id: 'fieldName.confirmNewPassword',
    defaultMessage: 'Confirm new password',
    description: 'Field name: the new password typed a second time.',
  },
  acceptTerms: { id: 'fieldName.acceptTerms', defaultMessage: 'Terms of service', description: 'Field name: the terms of service checkbox.' },
  recaptcha: { id: 'fieldName.recaptcha', defaultMessage: 'Robot check', description: 'Field name: the reCAPTCHA check.' },
  services: { id: 'fieldName.services', defaultMessage: 'Newsletters', description: 'Field name: newsletter subscriptions.' },
});

/**
 * A field whose rule reads better in its own words than in the shared "{field} is required":
 * a group of checkboxes is chosen, not filled in ("Newsletters is required", issue 13).
 */
const FIELD_RULE_WORDING: Partial<Record<string, MessageDescriptor>> = defineMessages({
  'services.required': {
    id: 'field.servicesRequired',
    defaultMessage: 'Select at least one newsletter',
    description: 'Validation: no newsletter was ticked in the newsletter checkboxes.',
  },
});

/** Which field a `sameAs` rule compares with. */
const SAME_AS: Record<string, string> = { confirmNewPassword: 'newPassword' };

/**
 * The text of one field issue: `names` maps payload field paths to their display names
 * (message descriptors), falling back to the shared names above.
 */
export function formatFieldIssue(intl: IntlShape, issue: FieldIssue, names: Partial<Record<string, MessageDescriptor>> = {}): string {
  const nameOf = (field: string): string => {
    const descriptor = names[field] ?? (fieldNames as Partial<Record<string, MessageDescriptor>>)[field];
    return descriptor ? intl.formatMessage(descriptor) : field;
  };
  const sameAs = SAME_AS[issue.field];
  const years = FIELD_YEAR_RANGES[issue.field];
  return intl.formatMessage(FIELD_RULE_WORDING[`${issue.field}.${issue.rule}`] ?? fieldRuleMessages[issue.rule], {
    field: nameOf(issue.field),
    sameAsField: sameAs ? nameOf(sameAs) : '',
    // Years as written, never grouped ("1,900").
    min: years ? String(years[0]) : '',
    max: years ? String(years[1]) : '',
  });
}
