import { type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale, useT } from '../../../i18n/index.ts';
import { snacks } from '../../../lib/snack.ts';
import { codeHalves, recoveryCodesFileName, recoveryCodesText } from '../api/mfa.ts';

/**
 * The ten recovery codes, shown once (ADR 012): each in two halves for reading, 'Copy' and 'Download'
 * (plain text, one code per line), and an 'I have saved them' confirmation that enables the next step.
 */
export function RecoveryCodes({
  codes,
  username,
  confirmLabel,
  onConfirm,
  extra,
}: {
  codes: readonly string[];
  username: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Anything to show between the codes and the confirmation. */
  extra?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const checkboxId = useId();
  const [saved, setSaved] = useState(false);
  const text = () =>
    recoveryCodesText(codes, {
      heading: t('recoveryCodes.fileHeading'),
      account: t('recoveryCodes.fileAccount', { username }),
      created: t('recoveryCodes.fileCreated', {
        date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date()),
      }),
      note: t('recoveryCodes.fileNote'),
    });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      snacks.success(t('recoveryCodes.copied'));
    } catch {
      snacks.error(t('recoveryCodes.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = recoveryCodesFileName(username);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-4">
      <Alert theme="orange">{t('recoveryCodes.once')}</Alert>
      <ol
        aria-label={t('recoveryCodes.title')}
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 font-mono text-sm text-slate-900 ring-1 ring-slate-200 sm:text-base"
      >
        {codes.map((code) => {
          const [first, second] = codeHalves(code);
          return (
            <li key={code} data-code={code} className="tabular-nums tracking-wider">
              {first}
              <span className="ml-1.5">{second}</span>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button theme="secondary" onClick={copy}>
          {t('recoveryCodes.copy')}
        </Button>
        <Button theme="secondary" onClick={download}>
          {t('recoveryCodes.download')}
        </Button>
      </div>
      {extra}
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        <label htmlFor={checkboxId} className="text-sm text-slate-700">
          {t('recoveryCodes.saved')}
        </label>
      </div>
      <Button block disabled={!saved} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
