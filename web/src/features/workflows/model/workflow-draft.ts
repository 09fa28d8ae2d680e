import { type Workflow, WorkflowInput, type WorkflowItemType } from '@portal/core/workflow';

/**
 * The editor's draft of a workflow: what the form holds (choice options as one line, ids derived from the
 * labels) and its conversion to the contract's WorkflowInput, checked by core's schema (one set of rules).
 */
export interface ItemDraft {
  itemId: string;
  type: WorkflowItemType;
  label: string;
  required: boolean;
  /** choice: the options, one per line. */
  options: string;
  /** screenflow: how many images at most. */
  maxFiles: string;
}
/** Who decides on a step: any approver of the request's customer (approverIds []) or only the chosen users. */
export const APPROVER_CHOICES = ['any', 'chosen'] as const;
export type ApproverChoice = (typeof APPROVER_CHOICES)[number];
export interface StepDraft {
  stepId: string;
  name: string;
  approvers: ApproverChoice;
  approverIds: string[];
  items: ItemDraft[];
}
export interface WorkflowDraft {
  name: string;
  description: string;
  steps: StepDraft[];
}

/** An id from a label: lower-case letters, digits and "-", unique among `taken`. */
export function idOf(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34) || 'item';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

export const newItem = (taken: readonly string[]): ItemDraft => ({
  itemId: idOf('item', taken),
  type: 'text',
  label: '',
  required: true,
  options: '',
  maxFiles: '10',
});
export const newStep = (taken: readonly string[]): StepDraft => ({
  stepId: idOf('step', taken),
  name: '',
  approvers: 'any',
  approverIds: [],
  items: [newItem([])],
});
export const emptyDraft = (): WorkflowDraft => ({ name: '', description: '', steps: [newStep([])] });

export const draftOf = (w: Workflow): WorkflowDraft => ({
  name: w.name,
  description: w.description,
  steps: w.steps.map((s) => ({
    stepId: s.stepId,
    name: s.name,
    approvers: s.approverIds.length ? 'chosen' : 'any',
    approverIds: s.approverIds,
    items: s.items.map((i) => ({
      itemId: i.itemId,
      type: i.type,
      label: i.label,
      required: i.required,
      options: (i.options ?? []).join('\n'),
      maxFiles: String(i.maxFiles ?? 10),
    })),
  })),
});

/** The input the API takes, or the problems by dotted path (`steps.0.items.1.options`). */
export function inputOf(draft: WorkflowDraft, customerId: string): { input: WorkflowInput } | { problems: Record<string, string> } {
  const candidate = {
    name: draft.name,
    description: draft.description,
    customerId,
    active: true,
    steps: draft.steps.map((s) => ({
      stepId: s.stepId,
      name: s.name,
      approverIds: s.approvers === 'chosen' ? s.approverIds : [],
      items: s.items.map((i) => ({
        itemId: i.itemId,
        type: i.type,
        label: i.label,
        required: i.required,
        ...(i.type === 'choice'
          ? {
              options: i.options
                .split('\n')
                .map((o) => o.trim())
                .filter(Boolean),
            }
          : {}),
        ...(i.type === 'screenflow' ? { maxFiles: Number(i.maxFiles) } : {}),
      })),
    })),
  };
  const parsed = WorkflowInput.safeParse(candidate);
  const problems: Record<string, string> = {};
  // "Only the chosen users" with nobody chosen would silently mean everyone (the contract's empty list).
  draft.steps.forEach((s, i) => {
    if (s.approvers === 'chosen' && s.approverIds.length === 0) problems[`steps.${i}.approverIds`] = 'Choose at least one approver';
  });
  if (parsed.success && !Object.keys(problems).length) return { input: parsed.data };
  if (parsed.success) return { problems };
  for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return { problems };
}
