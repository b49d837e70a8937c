import { defineMessages } from '../../i18n/define-messages.ts';

export const ssoExportMessages = defineMessages({
  title: { id: 'ssoExport.title', defaultMessage: 'Export accounts for single sign-on', description: 'Heading and tab title of the identity-provider account export page.' },
  lead: {
    id: 'ssoExport.lead',
    defaultMessage:
      "Download your school's active accounts as a file your identity provider's bulk creation accepts: names, sign-in name, email and organisational unit or department. Each row has a random initial password that nobody needs, as people sign in through this portal.",
    description: 'Introduction under the single sign-on export heading.',
  },
  format: { id: 'ssoExport.format', defaultMessage: 'Identity provider', description: 'Legend of the choice of identity provider (also the field name in its error).' },
  google: { id: 'ssoExport.format.google', defaultMessage: 'Google Workspace', description: 'Option: the Google Workspace bulk user upload file.' },
  googleHint: {
    id: 'ssoExport.format.googleHint',
    defaultMessage: 'For the Admin console: Users, Bulk update users, Attach CSV file.',
    description: 'Hint of the Google Workspace option: where the file is uploaded.',
  },
  entra: { id: 'ssoExport.format.entra', defaultMessage: 'Microsoft Entra ID', description: 'Option: the Microsoft Entra ID bulk create file.' },
  entraHint: {
    id: 'ssoExport.format.entraHint',
    defaultMessage: 'For the Microsoft Entra admin center: Users, All users, Bulk operations, Bulk create.',
    description: 'Hint of the Microsoft Entra ID option: where the file is uploaded.',
  },
  submit: { id: 'ssoExport.submit', defaultMessage: 'Download file', description: 'Button that downloads the chosen export file.' },
  preparing: { id: 'ssoExport.preparing', defaultMessage: 'Preparing the file…', description: 'Busy text while the export file is made and downloaded.' },
  downloaded: {
    id: 'ssoExport.downloaded',
    defaultMessage: '{fileName} has been downloaded ({size, number} bytes).',
    description: 'Success message after the export file was saved; {fileName} is its name, {size} its size in bytes.',
  },
  downloadedTitle: { id: 'ssoExport.downloadedTitle', defaultMessage: 'File downloaded', description: 'Title of the notice after the export file was saved.' },
  another: { id: 'ssoExport.another', defaultMessage: 'Export another file', description: 'Button back to the choice of identity provider after a download.' },
  failedTitle: { id: 'ssoExport.failedTitle', defaultMessage: 'The file was not made', description: 'Title of the notice when the export failed.' },
  retry: { id: 'ssoExport.retry', defaultMessage: 'Try again', description: 'Button that tries the failed export again.' },
  chooseAgain: { id: 'ssoExport.chooseAgain', defaultMessage: 'Choose another identity provider', description: 'Button back to the choice of identity provider after a failure.' },
});
