import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

export interface OrgLoadNoticesProps {
  /** The account may not read the school's lists at all. */
  forbidden: boolean;
  /** Why the read failed; null when it did not. */
  loadFailed: Parameters<ReturnType<typeof useRefusalText>>[0] | null;
  failedTitle: string;
  retryLabel: string;
  onRetry: () => void;
}

/** What the school pages (the list, the settings) say when they cannot be read: no access, or a failed read with a retry. */
export function OrgLoadNotices({ forbidden, loadFailed, failedTitle, retryLabel, onRetry }: OrgLoadNoticesProps) {
  const refusalText = useRefusalText();
  return (
    <>
      {forbidden ? (
        <div role="alert">
          <Notice tone="warning">
            <p>{refusalText('orgAccountNoAccess')}</p>
          </Notice>
        </div>
      ) : null}
      {loadFailed ? (
        <div role="alert">
          <Notice tone="warning" title={failedTitle}>
            <p>{refusalText(loadFailed)}</p>
            <Button onClick={onRetry}>{retryLabel}</Button>
          </Notice>
        </div>
      ) : null}
    </>
  );
}
