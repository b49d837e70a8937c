import { flowMessages } from './family-flow-messages.ts';
import { familyMessages } from './family-messages.ts';

/** Every message of the create, join and details views: the page's own and the flows'. */
export const familyWords = { ...familyMessages, ...flowMessages };
