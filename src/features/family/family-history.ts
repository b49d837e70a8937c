import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { familyHomeMachine } from '../../../machines/family/family-home.machine.ts';
import type { FamilyScreen, HistoryMove } from './family-screens.ts';

type HomeActor = ActorRefFrom<typeof familyHomeMachine>;

/**
 * Keeps the browser's history and the family home in step (issue 13). Opening the create or join
 * form pushes an entry (`?screen=create`), so the browser's Back returns to the family home
 * (sending `home.back`, which keeps what was typed) instead of leaving the family page, and
 * Forward opens the form again. A form that closes itself (its own Back button) takes its entry
 * back; one that ends in a family replaces it. A reload with `?screen=` opens that form once the
 * home has been read.
 */
export function useFamilyHistory(actor: HomeActor, urlScreen: FamilyScreen | null, move: (screen: FamilyScreen | null, how: HistoryMove) => void): void {
  const machineScreen = useSelector(actor, (snapshot): FamilyScreen | null => (snapshot.matches('create') ? 'create' : snapshot.matches('join') ? 'join' : null));
  const atHome = useSelector(actor, (snapshot) => snapshot.matches('home'));
  const urlRef = useRef(urlScreen);
  urlRef.current = urlScreen;
  const moveRef = useRef(move);
  moveRef.current = move;
  /** Whether the entry of the open form is one this page pushed. */
  const pushed = useRef(false);
  const lastMachine = useRef<FamilyScreen | null>(machineScreen);
  const reloadHandled = useRef(false);

  // The machine moved: the history follows.
  useEffect(() => {
    const previous = lastMachine.current;
    lastMachine.current = machineScreen;
    if (machineScreen === previous) return;
    if (machineScreen !== null) {
      if (urlRef.current !== machineScreen) {
        moveRef.current(machineScreen, 'push');
        pushed.current = true;
      }
      return;
    }
    if (urlRef.current === null) return;
    const how: HistoryMove = pushed.current && !actor.getSnapshot().matches('details') ? 'back' : 'replace';
    pushed.current = false;
    moveRef.current(null, how);
  }, [actor, machineScreen]);

  // The browser moved (Back, Forward): the machine follows.
  const lastUrl = useRef(urlScreen);
  useEffect(() => {
    const previous = lastUrl.current;
    lastUrl.current = urlScreen;
    if (urlScreen === previous) return;
    const snapshot = actor.getSnapshot();
    if (urlScreen === null) {
      if (snapshot.matches('create') || snapshot.matches('join')) {
        pushed.current = false;
        actor.send({ type: 'home.back' });
      }
      return;
    }
    if (snapshot.matches('home')) {
      // Forward to the form's entry: the home's entry is the one before it, so the form's own Back may go back to it.
      pushed.current = previous === null;
      actor.send({ type: urlScreen === 'create' ? 'home.create' : 'home.join' });
    }
  }, [actor, urlScreen]);

  // A page opened (or reloaded) on a form's entry opens that form once the home is shown.
  useEffect(() => {
    if (!atHome || reloadHandled.current) return;
    reloadHandled.current = true;
    const screen = urlRef.current;
    if (screen !== null) actor.send({ type: screen === 'create' ? 'home.create' : 'home.join' });
  }, [actor, atHome]);
}
