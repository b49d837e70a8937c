import { Button } from './button.tsx';
import { Notice } from './notice.tsx';

/** A section's refusal or failure, announced at once (`role="alert"`) in a warning notice; nothing without `text`. */
export function SectionFailure({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div role="alert">
      <Notice tone="warning">
        <p>{text}</p>
      </Notice>
    </div>
  );
}

/** A section whose first read failed: why, and the button that reads it again. */
export function SectionLoadFailed({ text, retryLabel, onRetry }: { text: string | null; retryLabel: string; onRetry: () => void }) {
  return (
    <>
      <SectionFailure text={text} />
      <Button onClick={onRetry}>{retryLabel}</Button>
    </>
  );
}
