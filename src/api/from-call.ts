import { fromPromise } from 'xstate';
import type { CallDeclaration, RequestOf, ResponseOf } from '../../contract/call.ts';
import { call } from './client.ts';

/** A call without input is an actor without input; an empty answer (`{}`) is no output. */
type ActorInput<D extends CallDeclaration> = RequestOf<D> extends undefined ? void : RequestOf<D>;
type ActorOutput<D extends CallDeclaration> = keyof ResponseOf<D> extends never ? void : ResponseOf<D>;

/** The actor that makes one declared call with the machine's input, cancelled with the actor. */
export function fromCall<D extends CallDeclaration>(declaration: D) {
  const send = call as (declaration: D, input: unknown, options: { signal: AbortSignal }) => Promise<ActorOutput<D>>;
  return fromPromise<ActorOutput<D>, ActorInput<D>>(({ input, signal }) => send(declaration, input, { signal }));
}

/** The same, for machines that only wait for the call to succeed and declare its answer `unknown`. */
export function fromCallIgnoringAnswer<D extends CallDeclaration>(declaration: D) {
  const send = call as (declaration: D, input: unknown, options: { signal: AbortSignal }) => Promise<unknown>;
  return fromPromise<unknown, ActorInput<D>>(({ input, signal }) => send(declaration, input, { signal }));
}
