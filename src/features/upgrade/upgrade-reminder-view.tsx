import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { upgradeReminderMachine } from '../../../machines/upgrade/upgrade-reminder.machine.ts';
import { defineMessages } from '../../i18n/define-messages.ts';
import { hkTime } from '../../i18n/hk-time.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

export type UpgradeReminderActor = ActorRefFrom<typeof upgradeReminderMachine>;

/** In the `profile` group: the profile pages download it. */
const messages = defineMessages({
  studentTitle: {
    id: 'profile.upgradeReminder.studentTitle',
    defaultMessage: 'Your student membership upgrade is not finished',
    description: 'Title of the notice on the profile page after the student-member upgrade dialog was closed half-way.',
  },
  fullTitle: {
    id: 'profile.upgradeReminder.fullTitle',
    defaultMessage: 'Your full membership upgrade is not finished',
    description: 'Title of the notice on the profile page after the full-member upgrade dialog was closed half-way.',
  },
  body: {
    id: 'profile.upgradeReminder.body',
    defaultMessage: 'You can carry on where you left off. Your progress is kept until {time} (Hong Kong time).',
    description: 'Notice on the profile page: an upgrade was left half-way; {time} is the date and time until which the server keeps its progress.',
  },
  action: {
    id: 'profile.upgradeReminder.action',
    defaultMessage: 'Continue your upgrade',
    description: 'Button on the profile page that reopens the upgrade dialog at the step reached.',
  },
});

/**
 * "Continue your upgrade" (issue 26, item 12): shown on the profile page while the server keeps
 * the progress of an upgrade left half-way; nothing otherwise. The button reopens the upgrade,
 * which opens at the step reached.
 */
export function UpgradeReminderView({ actor }: { actor: UpgradeReminderActor }) {
  const intl = useIntl();
  const kept = useSelector(actor, (snapshot) => snapshot.matches('kept'));
  const kind = useSelector(actor, (snapshot) => snapshot.context.kind);
  const resumeUntil = useSelector(actor, (snapshot) => snapshot.context.resumeUntil);
  if (!kept) return null;
  return (
    <Notice title={intl.formatMessage(kind === 'studentMember' ? messages.studentTitle : messages.fullTitle)}>
      <p>{intl.formatMessage(messages.body, { time: hkTime(intl, resumeUntil) })}</p>
      <Button variant="primary" onClick={() => actor.send({ type: 'reminder.follow' })}>
        {intl.formatMessage(messages.action)}
      </Button>
    </Notice>
  );
}
