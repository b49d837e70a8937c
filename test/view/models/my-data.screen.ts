import { defineScreen } from '../support/screen.ts';

export const myDataScreen = defineScreen('myData', 'Profile/My data', {
  idle: 'What the file holds',
  preparing: 'Preparing the file',
  downloaded: 'Downloaded',
  failed: 'Download failed',
  steppingUp: 'Confirming it is you',
});
