import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { Alert, ProblemAlert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

/** The `?token=` of a mailed link, trimmed; '' when there is none. */
export function useQueryToken(): string {
  return new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
}

export type TokenActionTexts<T> = {
  intro: string;
  confirm: string;
  doneTitle: string;
  doneText: (result: T) => string;
  invalidTitle: string;
  invalidText: string;
};

/**
 * The body of a page a mailed link opens (confirm an e-mail address, leave a report's mailing list): the
 * action runs on the button, not on opening, so a mail scanner that fetches links does nothing. A missing
 * token, a 400 or one of `invalidCodes` reads as a used/expired link; any other failure shows its message
 * and keeps the button for another try. The page around it (card, title) is the caller's.
 */
export function TokenAction<T>({
  token,
  run,
  texts,
  invalidCodes = [],
}: {
  token: string;
  run: (token: string) => Promise<T>;
  texts: TokenActionTexts<T>;
  invalidCodes?: readonly string[];
}) {
  type Outcome = { state: 'ready' } | { state: 'done'; result: T } | { state: 'invalid' } | { state: 'failed'; message: string };
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'ready' } : { state: 'invalid' });
  const [loading, setLoading] = useState(false);
  const confirm = async () => {
    setLoading(true);
    try {
      setOutcome({ state: 'done', result: await run(token) });
    } catch (error) {
      const invalid = error instanceof ApiError && (error.status === 400 || invalidCodes.includes(error.code));
      setOutcome(invalid ? { state: 'invalid' } : { state: 'failed', message: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="mt-5 space-y-4">
      {outcome.state === 'done' ? (
        <Alert theme="green" role="status" title={texts.doneTitle}>
          {texts.doneText(outcome.result)}
        </Alert>
      ) : null}
      {outcome.state === 'invalid' ? (
        <Alert theme="red" role="alert" title={texts.invalidTitle}>
          {texts.invalidText}
        </Alert>
      ) : null}
      <ProblemAlert problem={outcome.state === 'failed' ? outcome.message : null} />
      {outcome.state === 'ready' || outcome.state === 'failed' ? (
        <>
          <p className="text-sm text-slate-600">{texts.intro}</p>
          <Button block loading={loading} onClick={() => void confirm()}>
            {texts.confirm}
          </Button>
        </>
      ) : null}
    </div>
  );
}
