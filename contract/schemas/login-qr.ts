import * as v from 'valibot';

/** The longest text a scanned login QR code may carry; anything longer is not ours. */
export const QR_LOGIN_TEXT_MAX = 200;

/** Default drawing of the login QR code (SPEC §3, §9). */
export const LOGIN_QR_SIZE = 256;
export const LOGIN_QR_ERROR_LEVEL = 'H';

/** Who the code belongs to: printed and put into the download's file name. */

const owner = { loginId: v.string(), displayName: v.string() };

/**
 * The signed-in user's login QR code. `active`: `code` is the text the QR code carries (the
 * secret: shown to its owner only). `expired` and `lost` say what happened to the last one;
 * `none`: never made.
 */
export const LoginQrCodeStateSchema = v.variant('status', [
  v.object({ ...owner, status: v.literal('active'), code: v.string(), createdAt: v.string(), expiresAt: v.string() }),
  v.object({ ...owner, status: v.literal('expired'), createdAt: v.string(), expiresAt: v.string() }),
  v.object({ ...owner, status: v.literal('lost'), createdAt: v.string(), lostAt: v.string() }),
  v.object({ ...owner, status: v.literal('none') }),
]);
export type LoginQrCodeState = v.InferOutput<typeof LoginQrCodeStateSchema>;

/** The text read from a login QR code; its shape is judged by the server (`qrCodeInvalid`). */
export const QrLoginRequestSchema = v.object({
  code: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(QR_LOGIN_TEXT_MAX, 'maxLength')),
});
export type QrLoginRequest = v.InferInput<typeof QrLoginRequestSchema>;
