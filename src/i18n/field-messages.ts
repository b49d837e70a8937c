import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { FieldIssue, FieldRule } from '../../contract/errors.ts';
import { fieldYearRange } from '../../contract/schemas/years.ts';
import { defineMessages } from './define-messages.ts';

/**
 * One sentence per (field, rule), id `field.<field>.<rule>` (issue 26; docs/decisions/messages.md):
 * each says what to do in the person's words, and none is put together from a field's label.
 * Keys are payload field paths without `values.` or list indexes (`fieldMessageKey`).
 * test/unit/field-messages.test.ts walks every call's schema and every issue the server and the
 * machines make, and fails on a (field, rule) without its sentence here. Production builds look a
 * sentence up by its id in the loaded messages instead (`catalogued`), so this table stays out of
 * the browser's start chunk.
 */
export const FIELD_MESSAGES: Readonly<Record<string, MessageDescriptor>> = /* @__PURE__ */ defineMessages({
  'acceptTerms.accepted': { id: 'field.acceptTerms.accepted', defaultMessage: 'Accept the terms to continue', description: 'Field error: The terms checkbox (registration, staff registration, upgrades) was not ticked.' },
  'name.required': { id: 'field.name.required', defaultMessage: 'Enter a name for the passkey', description: 'Field error: the passkey name (login information page) is empty.' },
  'name.maxLength': { id: 'field.name.maxLength', defaultMessage: 'The name can have at most 60 characters', description: 'Field error: the passkey name is over 60 characters.' },
  'addressLine1En.format': { id: 'field.addressLine1En.format', defaultMessage: 'Enter address line 1 in English as text', description: 'Field error: The English address line 1 was not text.' },
  'addressLine1En.maxLength': { id: 'field.addressLine1En.maxLength', defaultMessage: 'Address line 1 in English is too long: shorten it', description: 'Field error: The English address line 1 is over its length limit.' },
  'addressLine2En.format': { id: 'field.addressLine2En.format', defaultMessage: 'Enter address line 2 in English as text', description: 'Field error: The English address line 2 was not text.' },
  'addressLine2En.maxLength': { id: 'field.addressLine2En.maxLength', defaultMessage: 'Address line 2 in English is too long: shorten it', description: 'Field error: The English address line 2 is over its length limit.' },
  'addressLine1Zh.format': { id: 'field.addressLine1Zh.format', defaultMessage: 'Enter address line 1 in Chinese as text', description: 'Field error: The Chinese address line 1 was not text.' },
  'addressLine1Zh.maxLength': { id: 'field.addressLine1Zh.maxLength', defaultMessage: 'Address line 1 in Chinese is too long: shorten it', description: 'Field error: The Chinese address line 1 is over its length limit.' },
  'addressLine2Zh.format': { id: 'field.addressLine2Zh.format', defaultMessage: 'Enter address line 2 in Chinese as text', description: 'Field error: The Chinese address line 2 was not text.' },
  'addressLine2Zh.maxLength': { id: 'field.addressLine2Zh.maxLength', defaultMessage: 'Address line 2 in Chinese is too long: shorten it', description: 'Field error: The Chinese address line 2 is over its length limit.' },
  'district.format': { id: 'field.district.format', defaultMessage: 'Select a district from the list', description: 'Field error: The district is not one of the list.' },
  'region.format': { id: 'field.region.format', defaultMessage: 'Select a region from the list', description: 'Field error: The region is not one of the list.' },
  'title.format': { id: 'field.title.format', defaultMessage: 'Select a title from the list', description: 'Field error: The title (Mr, Ms …) is not one of the list.' },
  'adminEmail.required': { id: 'field.adminEmail.required', defaultMessage: 'Enter the family admin’s email address', description: 'Field error: Family join: the admin email is empty.' },
  'adminEmail.format': { id: 'field.adminEmail.format', defaultMessage: 'Enter the family admin’s email address in the correct format, like name@example.com', description: 'Field error: Family join: the admin email is not an email address.' },
  'adminEmail.maxLength': { id: 'field.adminEmail.maxLength', defaultMessage: 'The family admin’s email address is too long: check it', description: 'Field error: Family join: the admin email is over the length limit.' },
  'familyRef.required': { id: 'field.familyRef.required', defaultMessage: 'Enter the family reference', description: 'Field error: Family join: the family reference is empty.' },
  'familyRef.maxLength': { id: 'field.familyRef.maxLength', defaultMessage: 'The family reference is at most 10 characters: check it', description: 'Field error: Family join: the family reference is too long (SPEC §9: max 10).' },
  'code.required': { id: 'field.code.required', defaultMessage: 'Enter the code', description: 'Field error: A code field (family code, emailed or SMS code, one-time password) is empty.' },
  'code.sixDigits': { id: 'field.code.sixDigits', defaultMessage: 'Enter the 6 digits of the code', description: 'Field error: A six-digit code field holds something other than 6 digits.' },
  'code.maxLength': { id: 'field.code.maxLength', defaultMessage: 'The code is too long: check it', description: 'Field error: A code is over its length limit.' },
  'familyName.required': { id: 'field.familyName.required', defaultMessage: 'Enter a family name', description: 'Field error: The family name is empty.' },
  'familyName.maxLength': { id: 'field.familyName.maxLength', defaultMessage: 'Family name must be 100 characters or fewer', description: 'Field error: The family name is over 100 characters (SPEC §9).' },
  'nickname.required': { id: 'field.nickname.required', defaultMessage: 'Enter your nickname', description: 'Field error: The nickname (family, profile) is empty.' },
  'nickname.maxLength': { id: 'field.nickname.maxLength', defaultMessage: 'Nickname must be 100 characters or fewer', description: 'Field error: The nickname is over 100 characters (SPEC §9).' },
  'nickname.format': { id: 'field.nickname.format', defaultMessage: 'Enter your nickname as text', description: 'Field error: The nickname was not text.' },
  'nickname.taken': { id: 'field.nickname.taken', defaultMessage: 'This nickname is already used: choose another one', description: 'Field error: The nickname belongs to another user.' },
  'role.required': { id: 'field.role.required', defaultMessage: 'Select your role in the family', description: 'Field error: The family role was not chosen.' },
  'familyRole.required': { id: 'field.familyRole.required', defaultMessage: 'Select your role in the family', description: 'Field error: The family role was not chosen (family details).' },
  'chFullName.required': { id: 'field.chFullName.required', defaultMessage: 'Enter the full name in Chinese', description: 'Field error: The Chinese full name is empty.' },
  'chFullName.format': { id: 'field.chFullName.format', defaultMessage: 'Enter the full name in Chinese as text', description: 'Field error: The Chinese full name was not text.' },
  'chFullName.maxLength': { id: 'field.chFullName.maxLength', defaultMessage: 'Full name in Chinese must be 100 characters or fewer', description: 'Field error: The Chinese full name is over 100 characters (SPEC §5).' },
  'enFullName.required': { id: 'field.enFullName.required', defaultMessage: 'Enter the full name in English', description: 'Field error: The English full name is empty.' },
  'enFullName.format': { id: 'field.enFullName.format', defaultMessage: 'Enter the full name in English as text', description: 'Field error: The English full name was not text.' },
  'enFullName.maxLength': { id: 'field.enFullName.maxLength', defaultMessage: 'Full name in English must be 100 characters or fewer', description: 'Field error: The English full name is over 100 characters (SPEC §5).' },
  'chineseSurname.format': { id: 'field.chineseSurname.format', defaultMessage: 'Enter your Chinese surname as text', description: 'Field error: The Chinese surname was not text.' },
  'chineseSurname.maxLength': { id: 'field.chineseSurname.maxLength', defaultMessage: 'Chinese surname is too long: shorten it', description: 'Field error: The Chinese surname is over its length limit.' },
  'chineseGivenName.format': { id: 'field.chineseGivenName.format', defaultMessage: 'Enter your Chinese given name as text', description: 'Field error: The Chinese given name was not text.' },
  'chineseGivenName.maxLength': { id: 'field.chineseGivenName.maxLength', defaultMessage: 'Chinese given name is too long: shorten it', description: 'Field error: The Chinese given name is over its length limit.' },
  'englishSurname.format': { id: 'field.englishSurname.format', defaultMessage: 'Enter your English surname as text', description: 'Field error: The English surname was not text.' },
  'englishSurname.maxLength': { id: 'field.englishSurname.maxLength', defaultMessage: 'English surname is too long: shorten it', description: 'Field error: The English surname is over its length limit.' },
  'englishGivenName.format': { id: 'field.englishGivenName.format', defaultMessage: 'Enter your English given name as text', description: 'Field error: The English given name was not text.' },
  'englishGivenName.maxLength': { id: 'field.englishGivenName.maxLength', defaultMessage: 'English given name is too long: shorten it', description: 'Field error: The English given name is over its length limit.' },
  'displayName.required': { id: 'field.displayName.required', defaultMessage: 'Enter a display name', description: 'Field error: Registration: the display name is empty.' },
  'displayName.maxLength': { id: 'field.displayName.maxLength', defaultMessage: 'Display name is too long: shorten it', description: 'Field error: Registration: the display name is over its length limit.' },
  'cityId.required': { id: 'field.cityId.required', defaultMessage: 'Enter the login ID of the student account', description: 'Field error: Association: the student account\'s login ID is empty.' },
  'cityId.maxLength': { id: 'field.cityId.maxLength', defaultMessage: 'The login ID is too long: check it', description: 'Field error: Association: the login ID is over its length limit.' },
  'username.format': { id: 'field.username.format', defaultMessage: 'Enter the username as text', description: 'Field error: Teacher profile: the username was not text.' },
  'username.maxLength': { id: 'field.username.maxLength', defaultMessage: 'Username must be 100 characters or fewer', description: 'Field error: Teacher profile: the username is over 100 characters.' },
  'confirmUsername.format': { id: 'field.confirmUsername.format', defaultMessage: 'Enter the username again as text', description: 'Field error: Teacher profile: the retyped username was not text.' },
  'confirmUsername.maxLength': { id: 'field.confirmUsername.maxLength', defaultMessage: 'Username must be 100 characters or fewer', description: 'Field error: Teacher profile: the retyped username is over 100 characters.' },
  'confirmUsername.sameAs': { id: 'field.confirmUsername.sameAs', defaultMessage: 'Enter the same username in both fields', description: 'Field error: Teacher profile: the retyped username differs.' },
  'institution.required': { id: 'field.institution.required', defaultMessage: 'Enter the name of your institution', description: 'Field error: Teacher profile: the institution is empty.' },
  'institution.maxLength': { id: 'field.institution.maxLength', defaultMessage: 'Institution must be 100 characters or fewer', description: 'Field error: Teacher profile: the institution is over 100 characters.' },
  'teacherType.required': { id: 'field.teacherType.required', defaultMessage: 'Select the type of teacher you are', description: 'Field error: Teacher profile: the teacher type was not chosen.' },
  'teacherType.format': { id: 'field.teacherType.format', defaultMessage: 'Select a type of teacher from the list', description: 'Field error: The teacher type is not one of the list.' },
  'dutyRemark.required': { id: 'field.dutyRemark.required', defaultMessage: 'Describe your other duties', description: 'Field error: Teacher profile: the duty remark is empty though Others is ticked.' },
  'dutyRemark.format': { id: 'field.dutyRemark.format', defaultMessage: 'Describe your other duties as text', description: 'Field error: Teacher profile: the duty remark was not text.' },
  'dutyRemark.maxLength': { id: 'field.dutyRemark.maxLength', defaultMessage: 'The description of your other duties is too long: shorten it', description: 'Field error: Teacher profile: the duty remark is over its length limit.' },
  'duties.format': { id: 'field.duties.format', defaultMessage: 'Select duties from the list', description: 'Field error: Teacher profile: a duty is not one of the list.' },
  'duties.maxLength': { id: 'field.duties.maxLength', defaultMessage: 'Select each duty only once', description: 'Field error: Teacher profile: more duties than the list has.' },
  'subjects.format': { id: 'field.subjects.format', defaultMessage: 'Select subjects from the list, under the levels you teach', description: 'Field error: Teacher profile: a subject is not one of the list, or not under a chosen level.' },
  'subjects.maxLength': { id: 'field.subjects.maxLength', defaultMessage: 'Select each subject only once', description: 'Field error: Teacher profile: more subjects than the list has.' },
  'specialCurricula.format': { id: 'field.specialCurricula.format', defaultMessage: 'Select special curricula from the list, with the special education level', description: 'Field error: Teacher profile: a special curriculum is not in the list, or the special level is not chosen.' },
  'specialCurricula.maxLength': { id: 'field.specialCurricula.maxLength', defaultMessage: 'Select each special curriculum only once', description: 'Field error: Teacher profile: more special curricula than the list has.' },
  'teachingLevels.format': { id: 'field.teachingLevels.format', defaultMessage: 'Select teaching levels from the list', description: 'Field error: Teacher profile: a level is not one of the list.' },
  'teachingLevels.maxLength': { id: 'field.teachingLevels.maxLength', defaultMessage: 'Select each teaching level only once', description: 'Field error: Teacher profile: more levels than the list has.' },
  'interests.format': { id: 'field.interests.format', defaultMessage: 'Select interests from the list', description: 'Field error: Parent or teacher profile: an interest is not one of the list.' },
  'interests.maxLength': { id: 'field.interests.maxLength', defaultMessage: 'Select each interest only once', description: 'Field error: Parent or teacher profile: more interests than the list has.' },
  'countryCode.required': { id: 'field.countryCode.required', defaultMessage: 'Select the country or region of the mobile number', description: 'Field error: Mobile verification: no calling code chosen.' },
  'countryCode.numeric': { id: 'field.countryCode.numeric', defaultMessage: 'Select the country or region from the list', description: 'Field error: Mobile verification: the calling code is not digits.' },
  'countryCode.maxLength': { id: 'field.countryCode.maxLength', defaultMessage: 'Select the country or region from the list', description: 'Field error: Mobile verification: the calling code is too long.' },
  'mobile.required': { id: 'field.mobile.required', defaultMessage: 'Enter your mobile number', description: 'Field error: Mobile verification: the number is empty.' },
  'mobile.numeric': { id: 'field.mobile.numeric', defaultMessage: 'Enter the mobile number using digits only', description: 'Field error: Mobile verification: the number has characters other than digits.' },
  'mobile.maxLength': { id: 'field.mobile.maxLength', defaultMessage: 'The mobile number is too long: check it', description: 'Field error: Mobile verification: the number is too long.' },
  'mobile.format': { id: 'field.mobile.format', defaultMessage: 'Enter a mobile number of the chosen country or region', description: 'Field error: Mobile verification: not a mobile number of the chosen calling code.' },
  'currentPassword.required': { id: 'field.currentPassword.required', defaultMessage: 'Enter your current password', description: 'Field error: Change password: the current password is empty.' },
  'currentPassword.maxLength': { id: 'field.currentPassword.maxLength', defaultMessage: 'The current password is too long: check it', description: 'Field error: Change password: the current password is over the length limit.' },
  'currentPassword.incorrect': { id: 'field.currentPassword.incorrect', defaultMessage: 'The current password is incorrect: enter it again', description: 'Field error: Change password: the current password is wrong.' },
  'newPassword.required': { id: 'field.newPassword.required', defaultMessage: 'Enter a new password', description: 'Field error: The new password is empty.' },
  'newPassword.maxLength': { id: 'field.newPassword.maxLength', defaultMessage: 'The new password is too long: choose a shorter one', description: 'Field error: The new password is over the length limit.' },
  'newPassword.minLength': { id: 'field.newPassword.minLength', defaultMessage: 'The new password is too short: make it at least as long as the hint says', description: 'Field error: The new password is under the minimum length (the hint under the field gives it).' },
  'newPassword.complexity': { id: 'field.newPassword.complexity', defaultMessage: 'The new password is too simple: mix lower-case letters, capital letters, digits and symbols', description: 'Field error: The new password uses too few kinds of characters.' },
  'newPassword.common': { id: 'field.newPassword.common', defaultMessage: 'The new password is too common and easy to guess: choose another one', description: 'Field error: The new password is on the list of common passwords.' },
  'newPassword.sameAsOld': { id: 'field.newPassword.sameAsOld', defaultMessage: 'The new password must be different from your current password', description: 'Field error: The new password equals the current one.' },
  'confirmNewPassword.required': { id: 'field.confirmNewPassword.required', defaultMessage: 'Enter the new password again', description: 'Field error: The confirmation of the new password is empty.' },
  'confirmNewPassword.sameAs': { id: 'field.confirmNewPassword.sameAs', defaultMessage: 'Enter the same password in both fields', description: 'Field error: The confirmation differs from the new password.' },
  'password.required': { id: 'field.password.required', defaultMessage: 'Enter your password', description: 'Field error: A sign-in or association password is empty.' },
  'password.maxLength': { id: 'field.password.maxLength', defaultMessage: 'The password is too long: check it', description: 'Field error: A password is over the length limit.' },
  'password.incorrect': { id: 'field.password.incorrect', defaultMessage: 'The login ID or password is incorrect: check them and try again', description: 'Field error: Student upgrade (link mode) or association: the password of the account to link is wrong.' },
  'loginId.required': { id: 'field.loginId.required', defaultMessage: 'Enter your login ID', description: 'Field error: The login ID is empty (forms that accept the login email too say so: field.loginIdOrEmail.*).' },
  'loginId.maxLength': { id: 'field.loginId.maxLength', defaultMessage: 'The login ID is too long: check it', description: 'Field error: The login ID is over the length limit.' },
  'loginId.minLength': { id: 'field.loginId.minLength', defaultMessage: 'The login ID is too short: use at least as many characters as the hint says', description: 'Field error: Registration: the login ID is under the minimum length (the hint gives it).' },
  'loginId.format': { id: 'field.loginId.format', defaultMessage: 'Use only lower-case letters, digits, full stops, hyphens and underscores in the login ID, starting with a letter or digit', description: 'Field error: Registration: the login ID has characters it may not have.' },
  'loginId.taken': { id: 'field.loginId.taken', defaultMessage: 'This login ID is already in use: choose another one', description: 'Field error: Registration: the login ID belongs to another account.' },
  'loginId.incorrect': { id: 'field.loginId.incorrect', defaultMessage: 'This account is not a member account: enter the login of your member account', description: 'Field error: Student upgrade (link mode): the login given is not a member account.' },
  'email.required': { id: 'field.email.required', defaultMessage: 'Enter an email address', description: 'Field error: An email field is empty.' },
  'email.format': { id: 'field.email.format', defaultMessage: 'Enter an email address in the correct format, like name@example.com', description: 'Field error: An email field is not an email address.' },
  'email.maxLength': { id: 'field.email.maxLength', defaultMessage: 'Email address must be 254 characters or fewer', description: 'Field error: An email address is over 254 characters (SPEC §9).' },
  'email.taken': { id: 'field.email.taken', defaultMessage: 'This email address is already used by another account: use another one', description: 'Field error: The email address already belongs to another account.' },
  'email.sameAsOld': { id: 'field.email.sameAsOld', defaultMessage: 'This is already your current email address: enter a different one', description: 'Field error: Email change: the new address equals the current one.' },
  'email.schoolDomain': { id: 'field.email.schoolDomain', defaultMessage: 'Use an email address at one of your school’s teacher email domains', description: 'Field error: Staff registration: the email domain is no school\'s teacher email domain.' },
  'emailAddress.required': { id: 'field.emailAddress.required', defaultMessage: 'Enter an email address', description: 'Field error: School email list: the email is empty.' },
  'emailAddress.format': { id: 'field.emailAddress.format', defaultMessage: 'Enter an email address in the correct format, like name@example.com', description: 'Field error: School email list: not an email address.' },
  'emailAddress.maxLength': { id: 'field.emailAddress.maxLength', defaultMessage: 'Email address must be 254 characters or fewer', description: 'Field error: School email list: over 254 characters (SPEC §9).' },
  'emailAddress.duplicated': { id: 'field.emailAddress.duplicated', defaultMessage: 'Another record already has this email address: use a different one', description: 'Field error: School email list: another record has this email.' },
  'emailAddress.improper': { id: 'field.emailAddress.improper', defaultMessage: 'Use an address that can receive email, not a reserved or throw-away domain', description: 'Field error: School email list: the domain is reserved or a disposable-mail provider.' },
  'remark.maxLength': { id: 'field.remark.maxLength', defaultMessage: 'Remark must be 100 characters or fewer', description: 'Field error: School email list: the remark is over 100 characters (SPEC §5).' },
  'schoolEmail.format': { id: 'field.schoolEmail.format', defaultMessage: 'Enter the school email address in the correct format, like office@school.edu.hk', description: 'Field error: School settings: the school email is not an email address.' },
  'schoolEmail.maxLength': { id: 'field.schoolEmail.maxLength', defaultMessage: 'School email address must be 254 characters or fewer', description: 'Field error: School settings: the school email is too long.' },
  'emailDomains.required': { id: 'field.emailDomains.required', defaultMessage: 'Add at least one teacher email domain', description: 'Field error: School settings: no teacher email domain.' },
  'emailDomains.format': { id: 'field.emailDomains.format', defaultMessage: 'Enter each teacher email domain like school.edu.hk', description: 'Field error: School settings: a teacher email domain is not a domain.' },
  'emailDomains.maxLength': { id: 'field.emailDomains.maxLength', defaultMessage: 'Remove a teacher email domain: the list is full', description: 'Field error: School settings: too many teacher email domains.' },
  'newDomain.required': { id: 'field.newDomain.required', defaultMessage: 'Enter a domain to add, like school.edu.hk', description: 'Field error: School settings: Add was pressed with no domain typed.' },
  'newDomain.format': { id: 'field.newDomain.format', defaultMessage: 'Enter the domain like school.edu.hk, without @ or spaces', description: 'Field error: School settings: the typed domain is not a domain.' },
  'newDomain.duplicated': { id: 'field.newDomain.duplicated', defaultMessage: 'This domain is already in the list', description: 'Field error: School settings: the typed domain is in the list already.' },
  'newDomain.maxLength': { id: 'field.newDomain.maxLength', defaultMessage: 'Remove a domain before adding another: the list is full', description: 'Field error: School settings: the list of domains is full.' },
  'allowQrLogin.required': { id: 'field.allowQrLogin.required', defaultMessage: 'Choose whether the school’s accounts may log in with a QR code', description: 'Field error: School settings: the QR login choice is missing.' },
  'content.required': { id: 'field.content.required', defaultMessage: 'Choose an .xlsx file to import', description: 'Field error: Import: no file chosen.' },
  'content.format': { id: 'field.content.format', defaultMessage: 'Choose an .xlsx file saved as an Excel Workbook', description: 'Field error: Import: the file content is not a workbook.' },
  'content.maxLength': { id: 'field.content.maxLength', defaultMessage: 'The file is larger than 512 KiB: split it into smaller files', description: 'Field error: Import: the file is too large.' },
  'fileName.required': { id: 'field.fileName.required', defaultMessage: 'Choose an .xlsx file to import', description: 'Field error: Import: no file name.' },
  'fileName.maxLength': { id: 'field.fileName.maxLength', defaultMessage: 'The file name is too long: rename the file and choose it again', description: 'Field error: Import: the file name is too long.' },
  'q.maxLength': { id: 'field.q.maxLength', defaultMessage: 'The search is too long: use fewer words', description: 'Field error: School email list: the search text is too long.' },
  'gender.required': { id: 'field.gender.required', defaultMessage: 'Select your gender', description: 'Field error: Full-member upgrade: gender not chosen.' },
  'gender.format': { id: 'field.gender.format', defaultMessage: 'Select a gender from the list', description: 'Field error: The gender is not one of the list.' },
  'yearOfBirth.required': { id: 'field.yearOfBirth.required', defaultMessage: 'Enter your year of birth', description: 'Field error: The year of birth is empty.' },
  'yearOfBirth.numeric': { id: 'field.yearOfBirth.numeric', defaultMessage: 'Enter your year of birth as 4 digits, like 1985', description: 'Field error: The year of birth is not four digits.' },
  'yearOfBirth.format': { id: 'field.yearOfBirth.format', defaultMessage: 'Enter your year of birth as 4 digits, like 1985', description: 'Field error: The year of birth is not text.' },
  'yearOfBirth.yearRange': { id: 'field.yearOfBirth.yearRange', defaultMessage: 'Year of birth must be between {min} and {max}', description: 'Field error: The year of birth is outside the accepted years; {min} and {max} are the first and last (this year).' },
  'roles.required': { id: 'field.roles.required', defaultMessage: 'Select which of these you are', description: 'Field error: Full-member upgrade or profile: no self-claimed role ticked ("Which of these are you?").' },
  'roles.format': { id: 'field.roles.format', defaultMessage: 'Select from the list which of these you are', description: 'Field error: A self-claimed role is not one of the list.' },
  'roles.maxLength': { id: 'field.roles.maxLength', defaultMessage: 'Select each of these only once', description: 'Field error: More self-claimed roles than the list has.' },
  'services.required': { id: 'field.services.required', defaultMessage: 'Select at least one newsletter', description: 'Field error: Newsletter subscription: none ticked.' },
  'services.format': { id: 'field.services.format', defaultMessage: 'Select newsletters from the list', description: 'Field error: A newsletter is not one of the list.' },
  'services.maxLength': { id: 'field.services.maxLength', defaultMessage: 'Select each newsletter only once', description: 'Field error: More newsletters than the list has.' },
  'subscriptions.required': { id: 'field.subscriptions.required', defaultMessage: 'Add a login email before subscribing to newsletters', description: 'Field error: Profile: newsletters chosen by an account without an email.' },
  'subscriptions.format': { id: 'field.subscriptions.format', defaultMessage: 'Select newsletters from the list', description: 'Field error: Profile: a newsletter is not one of the list.' },
  'subscriptions.maxLength': { id: 'field.subscriptions.maxLength', defaultMessage: 'Select each newsletter only once', description: 'Field error: Profile: more newsletters than the list has.' },
  'subscribe.required': { id: 'field.subscribe.required', defaultMessage: 'Choose whether to receive the newsletters', description: 'Field error: Student upgrade: the newsletter choice is missing.' },
  'confirmEmail.required': { id: 'field.confirmEmail.required', defaultMessage: 'Enter the email address again', description: 'Field error: Newsletter subscription: the repeated email is empty.' },
  'confirmEmail.format': { id: 'field.confirmEmail.format', defaultMessage: 'Enter the email address again in the correct format, like name@example.com', description: 'Field error: Newsletter subscription: the repeated email is not an email address.' },
  'confirmEmail.maxLength': { id: 'field.confirmEmail.maxLength', defaultMessage: 'Email address must be 254 characters or fewer', description: 'Field error: Newsletter subscription: the repeated email is over 254 characters.' },
  'confirmEmail.sameAs': { id: 'field.confirmEmail.sameAs', defaultMessage: 'Enter the same email address in both fields', description: 'Field error: Newsletter subscription: the repeated email differs.' },
  'format.required': { id: 'field.format.required', defaultMessage: 'Choose the format of the file to download', description: 'Field error: Single sign-on export: no file format chosen.' },
});

/**
 * Rules any field can break (the robot check, the server's guard against control characters,
 * indecent words in any free text) and fields nobody types: one sentence each that names no field,
 * shown beside the field it is about.
 */
export const FIELD_ANY_MESSAGES = defineMessages({
  recaptcha: { id: 'field.any.recaptcha', defaultMessage: 'Confirm that you are not a robot', description: 'Field error: The reCAPTCHA check was not passed (any form with a robot check).' },
  controlCharacter: { id: 'field.any.controlCharacter', defaultMessage: 'Remove line breaks and invisible characters from this answer', description: 'Field error: The answer holds a control character (a line break, NUL) the server refuses; any field.' },
  indecent: { id: 'field.any.indecent', defaultMessage: 'Remove the inappropriate words from this answer', description: 'Field error: The text holds indecent words; any name, nickname or free text.' },
  untyped: { id: 'field.any.untyped', defaultMessage: 'Something on this page is out of date: reload the page and try again', description: 'Field error: A field the person does not type (a token, an id, a hidden choice) was refused: only a reload helps.' },
  unknown: { id: 'field.any.unknown', defaultMessage: 'Check this answer and try again', description: 'Field error: A field rule with no sentence of its own (the unit test keeps every known one covered).' },
});

/** School settings: a teacher email domain refused, named by its value (`{domain}`), not by a label. */
export const domainMessages = defineMessages({
  domainTaken: { id: 'field.emailDomain.domainTaken', defaultMessage: '{domain} is already a teacher email domain of another school', description: 'Field error: School settings: {domain} (e.g. school.edu.hk) is another school\'s teacher email domain.' },
  publicDomain: { id: 'field.emailDomain.publicDomain', defaultMessage: '{domain} is a public mail service, not your school’s domain', description: 'Field error: School settings: {domain} (e.g. gmail.com) is a public mail service\'s domain.' },
});
/** Labels of fields that several forms share (labels only: no message is made from them). */
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
 * Payload fields nobody types (tokens, ids, languages, the page's own choices): a refusal of one
 * only comes from an old page or a changed client, so it reads `FIELD_ANY_MESSAGES.untyped`.
 */
export const FIELD_NOT_TYPED: ReadonlySet<string> = new Set([
  '',
  'actions',
  'encryptCode',
  'familyId',
  'group',
  'id',
  'importId',
  'kind',
  'lang',
  // A passkey's answer, as the browser wrote it (contract/schemas/passkeys.ts): nobody types it.
  'response.id',
  'response.rawId',
  'response.response.clientDataJSON',
  'response.response.attestationObject',
  'response.response.authenticatorData',
  'response.response.signature',
  'response.response.userHandle',
  'page',
  'sort',
  // The association's ticket, from the server's check (contract/schemas/association.ts).
  'ticket',
  'token',
  'userId',
]);

/** Rules whose sentence names no field, whatever the field. */
const ANY_FIELD_RULES: ReadonlySet<FieldRule> = new Set(['recaptcha', 'controlCharacter', 'indecent']);

/** The catalogue key of a field path: `values.` (the profile check's wrapper) and list indexes dropped. */
export function fieldMessageKey(field: string): string {
  return field
    .replace(/^values\./, '')
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join('.');
}

/** The login forms' sentences where the login ID or the login email is accepted (`loginId` reads both there). */
export const LOGIN_ID_OR_EMAIL_WORDING: FieldWording = defineMessages({
  'loginId.required': { id: 'field.loginIdOrEmail.loginId.required', defaultMessage: 'Enter your login ID or login email', description: 'Field error (login forms, where the login ID or the login email is accepted): the field is empty.' },
});

/** A form's own sentence for some (field, rule) pairs, keyed `<field>.<rule>`, where the shared one does not fit. */
export type FieldWording = Partial<Record<string, MessageDescriptor>>;

/**
 * Ids under `field.` that are not (field, rule) sentences of `FIELD_MESSAGES`: the sentences for any
 * field, a form's own wording, the refused domains. test/unit/field-messages.test.ts keeps this
 * list and the locale files in step with `FIELD_MESSAGES`.
 */
export const FIELD_IDS_OUTSIDE_CATALOGUE = /^field\.(?:any|loginIdOrEmail|emailDomain)\./;

/**
 * The catalogue's sentence for a key, as production builds find it: by its id among the loaded
 * messages (`has`), which hold every sentence of `FIELD_MESSAGES` and no other id under `field.`
 * but those `FIELD_IDS_OUTSIDE_CATALOGUE` names (`npm run check:messages` keeps the locales
 * complete). The same answer as the table without shipping its ≈8 KB (issue 26, −0.9 KiB on
 * every page).
 */
export function catalogueEntryFromMessages(key: string, has: (id: string) => boolean): MessageDescriptor | undefined {
  const id = `field.${key}`;
  return !FIELD_IDS_OUTSIDE_CATALOGUE.test(id) && has(id) ? { id } : undefined;
}

/**
 * The catalogue's sentence for a key: the table in development and tests, the loaded messages in
 * builds (where the table is dropped: nothing else reads it there).
 */
function catalogued(key: string, has: ((id: string) => boolean) | undefined): MessageDescriptor | undefined {
  if (import.meta.env?.DEV === true || import.meta.env?.MODE === 'test') return FIELD_MESSAGES[key];
  return has ? catalogueEntryFromMessages(key, has) : undefined;
}

/**
 * The message of one field issue and the values it takes (years for `yearRange`). `has` tells
 * whether a message id is loaded (builds look the catalogue up by id, `catalogued`).
 */
export function fieldIssueMessage(
  issue: FieldIssue,
  wording: FieldWording = {},
  has?: (id: string) => boolean,
): { descriptor: MessageDescriptor; values: Record<string, string> } {
  const field = fieldMessageKey(issue.field);
  const key = `${field}.${issue.rule}`;
  const years = issue.rule === 'yearRange' ? fieldYearRange(field) : undefined;
  // Years as written, never grouped ("1,900").
  const values: Record<string, string> = years ? { min: String(years[0]), max: String(years[1]) } : {};
  const own = wording[key] ?? catalogued(key, has);
  if (own) return { descriptor: own, values };
  if (ANY_FIELD_RULES.has(issue.rule)) return { descriptor: FIELD_ANY_MESSAGES[issue.rule as 'recaptcha' | 'controlCharacter' | 'indecent'], values };
  return { descriptor: FIELD_NOT_TYPED.has(field) ? FIELD_ANY_MESSAGES.untyped : FIELD_ANY_MESSAGES.unknown, values };
}

/** The text of one field issue; `wording` holds the form's own sentences (`FieldWording`). */
export function formatFieldIssue(intl: IntlShape, issue: FieldIssue, wording: FieldWording = {}): string {
  const { descriptor, values } = fieldIssueMessage(issue, wording, (id) => Object.hasOwn(intl.messages, id));
  return intl.formatMessage(descriptor, values);
}
