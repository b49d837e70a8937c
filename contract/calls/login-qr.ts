import { declareCall } from '../call.ts';
import { UserSchema } from '../schemas/account.ts';
import { LoginQrCodeStateSchema, QrLoginRequestSchema } from '../schemas/login-qr.ts';

/** The login QR code (SPEC §2 "Regenerate login QR code", §3) and signing in with it (docs/decisions/login-qr.md). */

export const read = declareCall({
  name: 'loginQr.read',
  method: 'get',
  path: 'profile/qr-code',
  session: true,
  response: LoginQrCodeStateSchema,
  codes: ['forbidden'],
  summary: "The signed-in student's login QR code: the current one with its dates, or what became of the last one.",
});

export const refresh = declareCall({
  name: 'loginQr.refresh',
  method: 'post',
  path: 'profile/qr-code/refresh',
  session: true,
  response: LoginQrCodeStateSchema,
  codes: ['forbidden'],
  summary: 'A new login QR code; the previous one stops working at once.',
});

export const lose = declareCall({
  name: 'loginQr.lose',
  method: 'post',
  path: 'profile/qr-code/lose',
  session: true,
  response: LoginQrCodeStateSchema,
  codes: ['forbidden'],
  summary: 'Invalidates the login QR code (a lost card); there is none until it is refreshed.',
});

export const login = declareCall({
  name: 'loginQr.login',
  method: 'post',
  base: 'auth',
  path: 'qr-login',
  request: QrLoginRequestSchema,
  response: UserSchema,
  codes: ['qrCodeInvalid', 'qrLoginNotAllowed'],
  summary: 'Signs in with the text of a login QR code; sets a new session cookie.',
});
