import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LOGIN_QR_ERROR_LEVEL, LOGIN_QR_SIZE } from '../../../contract/schemas/login-qr.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { cx } from '../../ui/cx.ts';
import styles from './login-qr-code.module.css';
import { loginQrCodeMessages as m } from './login-qr-code-messages.ts';

/** The drawn code as a PNG data URL; qrcode (~10 KiB) downloads only when a code is shown. */
export async function drawLoginQr(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { width: LOGIN_QR_SIZE, errorCorrectionLevel: LOGIN_QR_ERROR_LEVEL, margin: 4 });
}

/** The download's name: the login ID and the name, without characters file systems refuse. */
export function downloadName(loginId: string, displayName: string): string {
  const safe = (text: string) => text.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '');
  return `login-qr-${safe(loginId)}-${safe(displayName)}.png`;
}

/**
 * The code's image, and the download link once it is drawn. Drawing is the view's own work
 * (pixels of what the machine holds), not a flow state.
 */
export function QrImage({ text, loginId, displayName }: { text: string; loginId: string; displayName: string }) {
  const intl = useIntl();
  const [drawn, setDrawn] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    void drawLoginQr(text).then((src) => {
      if (live) setDrawn({ text, src });
    });
    return () => {
      live = false;
    };
  }, [text]);
  const src = drawn?.text === text ? drawn.src : null;
  const alt = intl.formatMessage(m.imageAlt, { name: displayName, loginId });
  return (
    <>
      <div className={cx(styles.card)}>
        {src ? (
          <img className={cx(styles.image)} src={src} alt={alt} width={256} height={256} />
        ) : (
          <div className={cx(styles.placeholder)}>
            <Spinner label={intl.formatMessage(m.drawing)} />
          </div>
        )}
        <p className={cx(styles.cardName)}>{displayName}</p>
        <p className={cx(styles.cardLoginId)}>{loginId}</p>
      </div>
      {src ? (
        <p>
          <a className={cx(styles.download)} href={src} download={downloadName(loginId, displayName)}>
            {intl.formatMessage(m.download)}
          </a>
        </p>
      ) : null}
    </>
  );
}
