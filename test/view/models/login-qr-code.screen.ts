import { defineScreen } from '../support/screen.ts';

export const loginQrCodeScreen = defineScreen('loginQrCode', 'Security/Login QR code', {
  loading: 'Loading',
  'showing.current': 'Your login QR code',
  'showing.refreshed': 'New QR code made',
  'showing.made': 'First QR code made',
  confirmingRefresh: 'Confirm a new QR code',
  confirmingLose: 'Confirm reporting it lost',
  refreshing: 'Making a new QR code',
  making: 'Making the first QR code',
  losing: 'Reporting it lost',
  lost: 'QR code reported lost',
  expired: 'QR code expired',
  none: 'No QR code yet',
  failed: 'Could not load',
});
