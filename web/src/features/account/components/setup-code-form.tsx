import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { setupCodeProblem, setupFailureKey } from '../api/mfa.ts';

/**
 * The code that proves the new factor works (the app's current code, or the e-mailed one) and the
 * 'Activate' button. Digits only ('Value must be numeric'), six of them.
 */
export function SetupCodeForm({
  label,
  activation: { activate, activating: loading },
}: {
  label: string;
  /** `useActivateMfa`: activates with the code (resolves when the page moves on, rejects with the
   * server's ApiError) and says while it is under way. */
  activation: { activate: (code: string) => Promise<void>; activating: boolean };
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [dirty, setDirty] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = setupCodeProblem(code);
  const shownProblem =
    dirty && problem === 'numeric'
      ? t('messages.numeric')
      : dirty && problem === 'length' && code.length > 6
        ? t('mfaSetup.sixDigits')
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || loading) return;
    setServerError(null);
    try {
      await activate(code);
    } catch (error) {
      const key = error instanceof ApiError ? setupFailureKey(error.code) : null;
      setServerError(key ? t(key) : errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        className="sm:w-56"
        label={label}
        name="setupCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        value={code}
        onValueChange={(value) => {
          setCode(value.trim());
          setDirty(true);
          setServerError(null);
        }}
        error={shownProblem ?? serverError ?? undefined}
      />
      <Button type="submit" loading={loading} disabled={problem !== null} className="sm:mt-7">
        {t('mfaSetup.activate')}
      </Button>
    </form>
  );
}
