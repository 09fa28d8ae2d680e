import { useState } from 'react';
import { errorMessage } from './api-client.ts';

/**
 * One server call of a form or dialog at a time (file a change, approve, delete a version): `busy` while it
 * runs, the server's message as `problem` when it failed (cleared on the next try). With `holdOnSuccess`
 * it stays busy after success, for a dialog that closes or a page that moves on: a second press in between
 * sends nothing twice. `reset()` clears the problem, for a dialog that closes: it opens again without it.
 */
export function useBusyCall({ holdOnSuccess = false }: { holdOnSuccess?: boolean } = {}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setProblem('');
    try {
      await call();
      if (!holdOnSuccess) setBusy(false);
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  const reset = () => setProblem('');
  return { busy, problem, run, reset };
}
