import type { SessionStatus } from '@portal/core/auth';
import type { PasskeySummary } from '@portal/core/auth/passkey';
import { type ReactNode, Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translate, useLocale, useT } from '../../../i18n/index.ts';
import { usePortal } from '../../../lib/portal.ts';
import { snacks } from '../../../lib/snack.ts';
import { formatDateTime } from '../../../lib/user-format.ts';
import { addPasskey, removePasskey, renamePasskey, usePasskeys } from '../api/passkeys.ts';
import { describeUserAgent } from '../api/sessions.ts';
import { isReauthFresh } from '../../../lib/reauth.ts';
import { PasswordPrompt, preloadPrompt, preloadRename, RenamePasskeyDialog } from './on-demand.ts';
import { Section } from './section.tsx';

/** A new passkey's suggested name: the browser and system it is made on ('Chrome on macOS'), else 'Passkey'. */
function suggestedName(fallback: string): string {
  const ua = describeUserAgent(typeof navigator === 'undefined' ? null : navigator.userAgent);
  return [ua?.browser, ua?.system].filter(Boolean).join(' · ') || fallback;
}

/** The browser's refusal in words for the prompt's alert (lib/webauthn.ts, loaded with the press of 'Add'); API errors as they are. */
async function inWords(error: unknown): Promise<unknown> {
  const { PasskeyUnavailable } = await import('../../../lib/webauthn.ts');
  return error instanceof PasskeyUnavailable ? new Error(translate(error.failure)) : error;
}

type Dialogs = { kind: 'add' } | { kind: 'rename'; passkey: PasskeySummary } | { kind: 'remove'; passkey: PasskeySummary } | null;

/**
 * My Account's passkeys (ADR 098, 112): the list with when each was added and last used, 'Add a passkey'
 * (after re-authentication, the password prompt of every factor change: ADR 017, 055), rename, remove. A
 * removal the server refuses (the last way to sign in) shows its message in the prompt.
 */
export function PasskeysPanel({ status, timeZone }: { status: SessionStatus; timeZone: string }) {
  const t = useT();
  const portal = usePortal();
  const { data, error, isLoading, mutate } = usePasskeys();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [name, setName] = useState('');
  const fresh = dialog !== null && isReauthFresh(status);
  const close = () => setDialog(null);

  const add = async (password: string) => {
    try {
      const added = await addPasskey(portal, name.trim() || suggestedName(t('account.passkeys.defaultName')), password);
      snacks.success(t('account.passkeys.added', { name: added.name }));
    } catch (failure) {
      throw await inWords(failure);
    }
    close();
    await mutate();
  };

  const remove = (passkey: PasskeySummary) => async (password: string) => {
    await removePasskey(portal, passkey.credentialId, password);
    snacks.success(t('account.passkeys.removed', { name: passkey.name }));
    close();
    await mutate();
  };

  return (
    <Section
      title={t('account.passkeys.title')}
      hint={t('account.passkeys.hint')}
      actions={
        <Button
          theme="secondary"
          onPointerEnter={preloadPrompt}
          onFocus={preloadPrompt}
          onClick={() => {
            setName(suggestedName(t('account.passkeys.defaultName')));
            setDialog({ kind: 'add' });
          }}
        >
          {t('account.passkeys.add')}
        </Button>
      }
    >
      {error ? <Alert theme="red">{t('account.passkeys.loadFailed')}</Alert> : null}
      {isLoading ? <p className="text-sm text-slate-500">{t('app.loading')}</p> : null}
      {data && data.length === 0 ? <p className="text-sm text-slate-500">{t('account.passkeys.none')}</p> : null}
      {data && data.length > 0 ? (
        <ul className="divide-y divide-slate-100" aria-label={t('account.passkeys.title')}>
          {data.map((passkey) => (
            <PasskeyItem
              key={passkey.credentialId}
              passkey={passkey}
              timeZone={timeZone}
              onRename={() => setDialog({ kind: 'rename', passkey })}
              onRemove={() => setDialog({ kind: 'remove', passkey })}
            />
          ))}
        </ul>
      ) : null}
      {dialog?.kind === 'add' ? (
        <PasskeyPrompt
          fresh={fresh}
          onClose={close}
          title={t('account.passkeys.add')}
          confirmLabel={t('account.passkeys.create')}
          onConfirm={add}
        >
          <p>{t('account.passkeys.addText')}</p>
          <TextField label={t('account.passkeys.name')} name="passkeyName" maxLength={60} value={name} onValueChange={setName} />
        </PasskeyPrompt>
      ) : null}
      {dialog?.kind === 'remove' ? (
        <PasskeyPrompt
          fresh={fresh}
          onClose={close}
          title={t('account.passkeys.removeTitle')}
          confirmLabel={t('account.passkeys.remove')}
          onConfirm={remove(dialog.passkey)}
        >
          <p>{t('account.passkeys.removeText', { name: dialog.passkey.name })}</p>
        </PasskeyPrompt>
      ) : null}
      {dialog?.kind === 'rename' ? (
        <Suspense fallback={null}>
          <RenamePasskeyDialog
            passkey={dialog.passkey}
            onClose={close}
            onSave={async (newName) => {
              await renamePasskey(portal, dialog.passkey.credentialId, newName);
              close();
              await mutate();
            }}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}

function PasskeyItem({
  passkey,
  timeZone,
  onRename,
  onRemove,
}: {
  passkey: PasskeySummary;
  timeZone: string;
  onRename: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const at = (iso: string) => formatDateTime(iso, { locale, timeZone });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="break-words text-sm font-medium text-slate-900">{passkey.name}</p>
        <p className="text-xs text-slate-500">
          {t('account.passkeys.created', { at: at(passkey.createdAt) })}
          {' · '}
          {passkey.lastUsedAt ? t('account.passkeys.lastUsed', { at: at(passkey.lastUsedAt) }) : t('account.passkeys.neverUsed')}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          theme="text"
          onPointerEnter={preloadRename}
          onFocus={preloadRename}
          onClick={onRename}
          aria-label={t('account.passkeys.renameNamed', { name: passkey.name })}
        >
          {t('account.passkeys.rename')}
        </Button>
        <Button theme="text" onClick={onRemove} aria-label={t('account.passkeys.removeNamed', { name: passkey.name })}>
          {t('account.passkeys.remove')}
        </Button>
      </div>
    </li>
  );
}

/**
 * A passkey change behind the password (ADR 055): the prompt loads on demand; right after a sign-in
 * (`fresh`) it asks for no password, otherwise it says why it asks.
 */
function PasskeyPrompt({
  fresh,
  onClose,
  title,
  confirmLabel,
  onConfirm,
  children,
}: {
  fresh: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  onConfirm: (password: string) => Promise<void>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Suspense fallback={null}>
      <PasswordPrompt open onClose={onClose} title={title} confirmLabel={confirmLabel} onConfirm={onConfirm} withoutPassword={fresh}>
        {children}
        {fresh ? null : <p>{t('account.reauth.hint')}</p>}
      </PasswordPrompt>
    </Suspense>
  );
}
