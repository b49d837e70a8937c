import { defineMessages } from '../../i18n/define-messages.ts';

/** The school settings page (issue 12, /org_account/settings): its own file, so the page does not load the list's texts. */
export const schoolSettingsMessages = defineMessages({
  settingsHeading: { id: "orgAccount.settings.heading", defaultMessage: "School settings", description: "Heading of the school settings beside the list." },
  settingsLoading: { id: "orgAccount.settings.loading", defaultMessage: "Loading the school settings…", description: "Busy text while the settings are read." },
  settingsLoadFailed: { id: "orgAccount.settings.loadFailed", defaultMessage: "The school settings could not be loaded.", description: "Shown when the settings could not be read." },
  schoolEmail: { id: "orgAccount.settings.schoolEmail", defaultMessage: "School email", description: "Label and field name of the school email." },
  schoolEmailHint: { id: "orgAccount.settings.schoolEmailHint", defaultMessage: "Used by the teacher profile and staff registration. Leave empty for none.", description: "Hint of the school email field." },
  domains: { id: "orgAccount.settings.domains", defaultMessage: "Teacher email domains", description: "Label and field name of the teacher email domains." },
  domainsHint: { id: "orgAccount.settings.domainsHint", defaultMessage: "For example school.edu.hk. Teachers register with an email in one of these domains.", description: "Hint of the teacher email domains list." },
  domainsNone: { id: "orgAccount.settings.domainsNone", defaultMessage: "None", description: "Read-only display of an empty domain list or school email." },
  qr: { id: "orgAccount.settings.qr", defaultMessage: "Students may log in with a login QR code", description: "Checkbox: whether the school allows QR-code login." },
  qrYes: { id: "orgAccount.settings.qrYes", defaultMessage: "Students may log in with a login QR code.", description: "Read-only display: the school allows QR-code login." },
  qrNo: { id: "orgAccount.settings.qrNo", defaultMessage: "Students may not log in with a login QR code.", description: "Read-only display: the school does not allow QR-code login." },
  settingsSave: { id: "orgAccount.settings.save", defaultMessage: "Save settings", description: "Button that saves the school settings." },
  settingsSaving: { id: "orgAccount.settings.saving", defaultMessage: "Saving the settings…", description: "Busy text while the settings are saved." },
  settingsSaved: { id: "orgAccount.settings.saved", defaultMessage: "The school settings are saved.", description: "Confirmation after saving the settings." },
  settingsLead: { id: "orgAccount.settings.lead", defaultMessage: "The school email, the teacher email domains and QR-code login of {school}.", description: "Lead text of /org_account/settings; {school} is the school's name." },
  settingsReadOnly: { id: "orgAccount.settings.readOnly", defaultMessage: "You can read these settings but not change them. A school administrator with write permission can make changes.", description: "Notice shown on the settings page to an account with read permission only." },
  newDomain: { id: "orgAccount.settings.newDomain", defaultMessage: "Domain to add", description: "Label and field name of the field that adds a teacher email domain." },
  domainAdd: { id: "orgAccount.settings.domainAdd", defaultMessage: "Add domain", description: "Button that adds the typed domain to the list." },
  domainRemove: { id: "orgAccount.settings.domainRemove", defaultMessage: "Remove {domain}", description: "Button that removes one domain from the list; {domain} is the domain." },
  settingsUnchanged: { id: "orgAccount.settings.unchanged", defaultMessage: "Nothing to save: these are the settings already saved.", description: "Said beside the save button when the form holds the saved settings." },
  backToList: { id: "orgAccount.settings.back", defaultMessage: "Back to the school email list", description: "Link from the settings page back to the list." },
  qrLegend: { id: "orgAccount.settings.qrLegend", defaultMessage: "QR-code login", description: "Heading of the QR-code login choice." },
  settingsRetry: { id: "orgAccount.settings.retry", defaultMessage: "Try again", description: "Button that reads the school settings again." },
});
