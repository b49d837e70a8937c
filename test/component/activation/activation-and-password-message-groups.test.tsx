import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { machineModels } from '../../../machines/index.ts';
import type { MachineModel } from '../../../machines/model-kit.ts';
import { ActivationView } from '../../../src/features/activation/activation-view.tsx';
import { ChangePasswordView } from '../../../src/features/change-password/change-password-view.tsx';
import { ForgotPasswordView } from '../../../src/features/forgot-password/forgot-password-view.tsx';
import { ResetPasswordView } from '../../../src/features/reset-password/reset-password-view.tsx';
import { LATE_GROUPS } from '../../../src/i18n/late-groups.ts';
import { groupOfMessage } from '../../../src/i18n/message-groups.ts';
import { messageGroupsForRoutes } from '../../../src/i18n/route-message-groups.ts';
import { loadMessages, type Messages } from '../../../src/i18n/messages.ts';
import { missingMessagesInEveryState } from '../support.tsx';

/** Each flow's view and the routes (root first) that show it in the app. */
const FLOWS: Array<{ model: MachineModel; View: ComponentType<{ actor: AnyActorRef }>; routes: string[][] }> = [
  {
    model: machineModels.activation,
    View: ActivationView as ComponentType<{ actor: AnyActorRef }>,
    routes: [
      ['__root__', '/{-$lang}', '/{-$lang}/user-activate'],
      ['__root__', '/{-$lang}', '/{-$lang}/buyer-activate'],
    ],
  },
  { model: machineModels.forgotPassword, View: ForgotPasswordView as ComponentType<{ actor: AnyActorRef }>, routes: [['__root__', '/{-$lang}', '/{-$lang}/forget-password']] },
  { model: machineModels.resetPassword, View: ResetPasswordView as ComponentType<{ actor: AnyActorRef }>, routes: [['__root__', '/{-$lang}', '/{-$lang}/reset-password']] },
  {
    model: machineModels.changePassword,
    View: ChangePasswordView as ComponentType<{ actor: AnyActorRef }>,
    routes: [['__root__', '/{-$lang}', '/{-$lang}/profile', '/{-$lang}/profile/password']],
  },
];

/** What the app downloads for a page: the messages of the groups of the routes on screen. */
function messagesForRoutes(all: Messages, routes: readonly string[]): Messages {
  // The field sentences and the refusals download when a form is first touched or needs them (src/i18n/late-groups.ts).
  const groups = new Set([...messageGroupsForRoutes(routes), ...LATE_GROUPS]);
  return Object.fromEntries(Object.entries(all).filter(([id]) => groups.has(groupOfMessage(id))));
}

describe('message groups of the activation and password pages', () => {
  for (const { model, View, routes } of FLOWS) {
    for (const route of routes) {
      it(`${model.name} finds every message of every state among what ${route.at(-1)} downloads`, async () => {
        const messages = messagesForRoutes(await loadMessages('zh_hant'), route);
        expect(await missingMessagesInEveryState(model, View, messages)).toEqual([]);
      });
    }
  }
});
