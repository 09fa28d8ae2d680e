import { useState } from 'react';
import { useT } from '../../../i18n/index.ts';
import { serverProblems } from '../model/server-problems.ts';

/**
 * One button's call on a listed thing (cancel a run, resend a delivery, delete a report): `busy` while it
 * runs, `failure` the server's message when it fails (cleared on the next try), `then` after success.
 */
export function useRowAction(call: () => Promise<unknown>, then: () => void) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await call();
      then();
    } catch (error) {
      setFailure(serverProblems(error, t)?.message ?? null);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run: () => void run() };
}
