import { defineMessages } from '../../i18n/define-messages.ts';

export const myDataMessages = defineMessages({
  title: { id: 'myData.title', defaultMessage: 'My data', description: 'Heading and tab title of the My data page (/profile/my-data).' },
  lead: {
    id: 'myData.lead',
    defaultMessage: 'Download a copy of everything the education platform holds about your account. You can do this once a day.',
    description: 'Introduction under the My data heading.',
  },
  contentsHeading: { id: 'myData.contents.heading', defaultMessage: 'What the file holds', description: 'Heading of the list of what the data file contains.' },
  contents: {
    id: 'myData.contents',
    defaultMessage:
      'Your account and profile; teacher and parent profiles; emails and mobile number; newsletter subscriptions; family groups and your role; linked accounts such as Google; account associations; membership upgrades in progress; sessions and browsers; sign-ins in the last 90 days; and school email list records with your email addresses.',
    description: 'What the data file contains, as one sentence (a list separated by semicolons).',
  },
  formats: {
    id: 'myData.formats',
    defaultMessage: 'The file is a zip with two files: my-data.html, a page you can open in your browser, and my-data.json, the same data for programs. Passwords and codes are never included.',
    description: 'What is inside the downloaded zip file.',
  },
  notice: {
    id: 'myData.notice',
    defaultMessage: 'When your data is downloaded, we tell your login email address (if your account has one), so you know if it was not you.',
    description: 'Note under the download button: a security email follows each download.',
  },
  download: { id: 'myData.download', defaultMessage: 'Download my data', description: 'Button that prepares and downloads the data file.' },
  preparing: { id: 'myData.preparing', defaultMessage: 'Preparing your data…', description: 'Busy text while the data file is made and downloaded.' },
  downloadedTitle: { id: 'myData.downloadedTitle', defaultMessage: 'Your data has been downloaded', description: 'Title of the notice after the data file was saved.' },
  downloaded: {
    id: 'myData.downloaded',
    defaultMessage: '{fileName} has been saved ({size, number} bytes). Open my-data.html inside it to read your data.',
    description: 'Success message after the data file was saved; {fileName} is its name, {size} its size in bytes.',
  },
  limitedTitle: { id: 'myData.limitedTitle', defaultMessage: 'Already downloaded today', description: 'Title of the notice when the data was downloaded less than 24 hours ago.' },
  failedTitle: { id: 'myData.failedTitle', defaultMessage: 'Your data was not downloaded', description: 'Title of the notice when the download failed.' },
  retry: { id: 'myData.retry', defaultMessage: 'Try again', description: 'Button that tries the failed download again.' },
});
