import { refusalText } from '../support/refusals.ts';
import type { Evidence } from '../support/view-model.ts';

/** The failure text every flow shows for a lost connection. */
import { NETWORK } from '../support/messages.ts';

export { NETWORK };

/**
 * What the code entry (src/ui/code-entry.tsx) shows in the states of machines/code-entry.ts under
 * `codeSent`, in the words the flow gives it: the field's label, the submit button and its busy
 * text, the resend button and its countdown.
 */
export function codeEntryEvidence(words: { field: string; submit: string; verifying: string; resend: string; resendIn: string }): Record<string, Evidence> {
  const { field } = words;
  return {
    'codeSent.resend.locked': [{ text: words.resendIn }, { absent: words.resend }],
    'codeSent.resend.available': [{ button: words.resend }],
    'codeSent.entry.editing': [{ button: words.submit }],
    'codeSent.entry.editing.idle': [{ absent: 'There is a problem' }],
    'codeSent.entry.editing.invalid': [{ alert: 'There is a problem' }, { invalid: field }],
    'codeSent.entry.editing.wrong': [{ field, error: refusalText('codeWrong') }],
    'codeSent.entry.editing.notFound': [{ field, error: refusalText('codeNotFound') }],
    'codeSent.entry.editing.failed': [{ field, error: NETWORK }],
    'codeSent.entry.verifying': [{ busy: words.verifying }],
  };
}
