import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Language } from '../../contract/languages.ts';
import { Checkbox } from './checkbox.tsx';
import { cx } from './cx.ts';
import { FieldError, describedBy } from './field.tsx';
import styles from './field.module.css';
import { uiMessages } from './ui-messages.ts';
import { useHydrated } from './use-hydrated.ts';

interface GoogleRecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    parameters: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void; hl?: string },
  ): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: GoogleRecaptcha;
  }
}

/** reCAPTCHA's own language codes for ours. */
const RECAPTCHA_HL: Record<Language, string> = { zh_hant: 'zh-HK', en: 'en', zh_hans: 'zh-CN' };

let scriptPromise: Promise<GoogleRecaptcha> | null = null;

/** Adds Google's script once, on the first screen that needs it. */
function loadGoogleRecaptcha(hl: string): Promise<GoogleRecaptcha> {
  if (!scriptPromise) {
    scriptPromise = new Promise<GoogleRecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(hl)}`;
      script.async = true;
      script.addEventListener('load', () => {
        const api = window.grecaptcha;
        if (api) api.ready(() => resolve(api));
        else reject(new Error('reCAPTCHA script loaded without its API'));
      });
      script.addEventListener('error', () => {
        scriptPromise = null;
        script.remove();
        reject(new Error('reCAPTCHA script failed to load'));
      });
      document.head.append(script);
    });
  }
  return scriptPromise;
}

export interface RecaptchaProps {
  /** The id an error summary links to. */
  id: string;
  /** Google's site key; null in development, where the local stand-in is shown. */
  siteKey: string | null;
  lang: Language;
  /** Whether a token is held now (drives the stand-in checkbox). */
  solved: boolean;
  /**
   * Changes each time the held token was spent (tokens verify once): Google's widget is reset
   * so the user solves it again.
   */
  round?: number;
  error?: string | null | undefined;
  onSolve: (token: string) => void;
  onExpire: () => void;
}

function GoogleWidget({ id, siteKey, lang, round = 0, error, onSolve, onExpire }: Omit<RecaptchaProps, 'solved'> & { siteKey: string }) {
  const intl = useIntl();
  const container = useRef<HTMLDivElement>(null);
  // Loading the third-party widget is presentation, not flow state.
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const widget = useRef<{ api: GoogleRecaptcha; id: number } | null>(null);
  const callbacks = useRef({ onSolve, onExpire });
  callbacks.current = { onSolve, onExpire };

  useEffect(() => {
    let active = true;
    const hl = RECAPTCHA_HL[lang];
    loadGoogleRecaptcha(hl).then(
      (api) => {
        if (!active || !container.current) return;
        container.current.replaceChildren();
        const target = document.createElement('div');
        container.current.append(target);
        widget.current = { api, id: api.render(target, {
          sitekey: siteKey,
          hl,
          callback: (token) => callbacks.current.onSolve(token),
          'expired-callback': () => callbacks.current.onExpire(),
          'error-callback': () => callbacks.current.onExpire(),
        }) };
        setStatus('ready');
      },
      () => {
        if (active) setStatus('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [siteKey, lang]);

  useEffect(() => {
    if (round > 0 && widget.current) widget.current.api.reset(widget.current.id);
  }, [round]);

  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx(styles.field, error && styles.fieldError)}>
      {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div id={id} ref={container} tabIndex={-1} aria-describedby={describedBy(errorId)} />
      {status === 'loading' ? <p className={cx(styles.hint)}>{intl.formatMessage(uiMessages.robotLoading)}</p> : null}
      {status === 'failed' ? <p className={cx(styles.error)}>{intl.formatMessage(uiMessages.robotUnavailable)}</p> : null}
    </div>
  );
}

function newStandInToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `dev-stand-in-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Google's reCAPTCHA when a site key is configured; otherwise the development stand-in. Which one
 * depends on the server's settings, so a pre-rendered page (and its hydration) shows a loading
 * line in their place; the box keeps the widget's height throughout, so nothing below moves.
 */
export function Recaptcha(props: RecaptchaProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { id, siteKey, solved, error, onSolve, onExpire } = props;
  let content;
  if (!hydrated) {
    content = (
      <div className={cx(styles.field)}>
        <div id={id} tabIndex={-1} />
        <p className={cx(styles.hint)}>{intl.formatMessage(uiMessages.robotLoading)}</p>
      </div>
    );
  } else if (siteKey) {
    content = <GoogleWidget {...props} siteKey={siteKey} />;
  } else {
    content = (
      <Checkbox
        id={id}
        label={intl.formatMessage(uiMessages.robotStandIn)}
        error={error}
        checked={solved}
        onCheckedChange={(checked) => (checked ? onSolve(newStandInToken()) : onExpire())}
      />
    );
  }
  return <div className={cx(styles.robotCheck)}>{content}</div>;
}
