import { useCallback, useState, type FormEvent } from 'react';

/**
 * A form's submit handler and its attempt count: the count goes up on every submission so the
 * error summary (`<ErrorSummary focusKey={attempt}>`) takes focus again when the same errors come
 * back. Every form counts its attempts here rather than with its own `useState`.
 */
export function useSubmit(submit: () => void): { attempt: number; onSubmit: (event?: FormEvent) => void } {
  const [attempt, setAttempt] = useState(0);
  const onSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      setAttempt((count) => count + 1);
      submit();
    },
    [submit],
  );
  return { attempt, onSubmit };
}
