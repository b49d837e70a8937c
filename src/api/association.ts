import * as association from '../../contract/calls/association.ts';
import { fromCall } from './from-call.ts';

/** The account association actors, apart from the others so only its page downloads them. */
export const associationActors = {
  listAssociations: fromCall(association.list),
  checkAssociation: fromCall(association.check),
  associate: fromCall(association.associate),
  removeAssociation: fromCall(association.remove),
};
