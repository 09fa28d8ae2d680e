import type { TeamMember } from '@portal/core/auth/team';
import type { Portal } from '@portal/core/shared';
import { PasswordPrompt } from '../../../components/password-prompt.tsx';
import { type MessageKey, useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { isReauthFresh } from '../../../lib/reauth.ts';
import { snacks } from '../../../lib/snack.ts';
import { resetMemberMfa, sendMemberPasswordReset, setMemberActive } from '../api/team.ts';
import { memberName } from '../model/members.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What a member's page asks of the account (team-user-route.tsx). */
export type Pending = 'deactivate' | 'reactivate' | 'resetMfa' | 'passwordReset' | null;

/** The two actions confirmed after re-authentication: their texts, their call and what the snack says once done. */
const REAUTH = [
  {
    kind: 'resetMfa',
    title: 'team.reauth.resetMfaTitle',
    confirmLabel: 'team.user.resetMfa',
    text: 'team.reauth.resetMfaText',
    send: resetMemberMfa,
    done: 'team.user.mfaReset',
  },
  {
    kind: 'passwordReset',
    title: 'team.reauth.passwordResetTitle',
    confirmLabel: 'team.user.passwordReset',
    text: 'team.reauth.passwordResetText',
    send: sendMemberPasswordReset,
    done: 'team.user.passwordResetSent',
  },
] as const satisfies readonly {
  kind: Pending;
  title: MessageKey;
  confirmLabel: MessageKey;
  text: MessageKey;
  send: (portal: Portal, username: string, password: string) => Promise<unknown>;
  done: MessageKey;
}[];

/**
 * A member's page's dialogs: deactivate or reactivate (a confirmation), reset MFA and send a password reset (both after
 * re-authentication, My Account's password prompt). Their own chunk, loaded when an action is pointed at, focused or
 * pressed (ADR 155): the page's first view shows only the buttons.
 */
export function AccountDialogs({
  pending,
  member,
  portal,
  onDone,
}: {
  pending: Pending;
  member: TeamMember;
  portal: Portal;
  onDone: () => void;
}) {
  const t = useT();
  const { status } = useSession();
  const reauthFresh = isReauthFresh(status);
  const named = { name: memberName(member), email: member.email };
  const toggleActive = async () => {
    const active = member.status === 'locked';
    await setMemberActive(portal, member.username, active);
    snacks.success(t(active ? 'team.user.reactivated' : 'team.user.deactivated', { name: memberName(member) }));
    onDone();
  };
  return (
    <>
      <ConfirmDialog
        open={pending === 'deactivate' || pending === 'reactivate'}
        title={t(pending === 'reactivate' ? 'team.confirm.reactivateTitle' : 'team.confirm.deactivateTitle')}
        actionLabel={t(pending === 'reactivate' ? 'team.user.reactivate' : 'team.user.deactivate')}
        onClose={onDone}
        onConfirm={toggleActive}
      >
        <p>{t(pending === 'reactivate' ? 'team.confirm.reactivateText' : 'team.confirm.deactivateText', { name: memberName(member) })}</p>
      </ConfirmDialog>
      {REAUTH.map(({ kind, title, confirmLabel, text, send, done }) => (
        <PasswordPrompt
          key={kind}
          open={pending === kind}
          title={t(title)}
          confirmLabel={t(confirmLabel)}
          withoutPassword={reauthFresh}
          onClose={onDone}
          onConfirm={async (password) => {
            await send(portal, member.username, password);
            snacks.success(t(done, named));
            onDone();
          }}
        >
          <p>{t(text, named)}</p>
        </PasswordPrompt>
      ))}
    </>
  );
}
