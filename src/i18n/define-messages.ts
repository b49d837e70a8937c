import type { MessageDescriptor } from 'react-intl';

/** Every message in this app carries an explicit id, its English text and a note for translators. */
export interface AppMessageDescriptor extends MessageDescriptor {
  id: string;
  defaultMessage: string;
  description: string;
}

/**
 * Declares messages for `formatjs extract` (it recognises the call by name) while keeping them
 * plain descriptors, so `formatMessage` accepts values for their placeholders.
 */
export function defineMessages<K extends string>(messages: Record<K, AppMessageDescriptor>): Record<K, AppMessageDescriptor> {
  return messages;
}
