import { type FormEvent, useState } from 'react';
import { useT } from '../../../i18n/index.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { localProblems, serverProblems, type ServerProblems } from '../model/server-problems.ts';

/**
 * The save cycle of the section's forms (new report, custom definition, schedule): a draft; on submit the
 * draft's own problems (shown from the first try on) stop it before the call; the server's field issues
 * and message come back as `failure`; `saved` says the last submit went through until the next edit.
 * `canSave` false holds the submit without a field problem (e.g. no customer chosen). A draft that differs
 * from the one last saved (or first shown) is unsaved input: leaving asks first (ADR 053).
 */
export function useDraftForm<D>({
  initial,
  problemsOf,
  save,
  canSave = true,
}: {
  initial: () => D;
  problemsOf: (draft: D) => Record<string, string>;
  save: (draft: D) => Promise<void>;
  canSave?: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState<D>(initial);
  const [baseline, setBaseline] = useState<D>(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(baseline));
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<ServerProblems | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const own = tried ? localProblems(t, problemsOf(draft)) : {};
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setSaved(false);
    if (Object.keys(problemsOf(draft)).length || !canSave) return;
    setBusy(true);
    setFailure(null);
    try {
      await save(draft);
      setBaseline(draft);
      setSaved(true);
    } catch (error) {
      setFailure(serverProblems(error, t));
    } finally {
      setBusy(false);
    }
  };
  const change = (next: D) => {
    setDraft(next);
    setSaved(false);
  };
  const problems = { ...failure?.fields, ...own };
  const onSubmit = (event: FormEvent) => void submit(event);
  return {
    draft,
    busy,
    failure,
    saved,
    /** What every draft form of the section takes (DefinitionForm, ScheduleForm). */
    fields: { draft, onChange: change, onSubmit, problems, busy },
  };
}
