import { createStore, useStore } from './store.ts';

/** Alert themes (SPEC 5), shared by snacks, alerts and badges. */
export type AlertTheme = 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'pink' | 'gray' | 'dark';
/** Snack modes (SPEC 5): a floating toast, or a bar fixed to the top edge. */
export type SnackMode = 'toast' | 'fixed';

/** Snack alert auto-dismiss (SPEC 9). */
export const SNACK_DISMISS_MS = 10_000;

export interface Snack {
  id: number;
  text: string;
  title?: string;
  theme: AlertTheme;
  mode: SnackMode;
}

export type SnackInput = Omit<Snack, 'id' | 'theme' | 'mode'> & { theme?: AlertTheme; mode?: SnackMode };

export interface SnackState {
  /** The first entry is the one on screen; the rest wait. */
  queue: Snack[];
  nextId: number;
}

export type SnackAction = { type: 'push'; snack: SnackInput } | { type: 'dismiss'; id: number };

export const initialSnackState: SnackState = { queue: [], nextId: 1 };

/** A success (green) confirms something done; a newer one makes older ones stale. */
const isSuccess = (snack: Pick<Snack, 'theme'>): boolean => snack.theme === 'green';

/**
 * The snack alert queue (SPEC 4): one message at a time, a message whose text is already queued
 * (shown or waiting) is ignored, and dismissing removes it so the next one shows. A newer success
 * replaces every older success (shown or waiting) in the place of the first one, so a confirmation never
 * waits 10 s behind a stale one; errors and notices are never replaced.
 */
export function snackReducer(state: SnackState, action: SnackAction): SnackState {
  switch (action.type) {
    case 'push': {
      const text = action.snack.text.trim();
      if (!text || state.queue.some((s) => s.text === text)) return state;
      const snack: Snack = {
        id: state.nextId,
        text,
        theme: action.snack.theme ?? 'dark',
        mode: action.snack.mode ?? 'toast',
        ...(action.snack.title ? { title: action.snack.title } : {}),
      };
      const nextId = state.nextId + 1;
      const first = isSuccess(snack) ? state.queue.findIndex(isSuccess) : -1;
      if (first === -1) return { queue: [...state.queue, snack], nextId };
      const queue = state.queue.flatMap((s, i) => (i === first ? [snack] : isSuccess(s) ? [] : [s]));
      return { queue, nextId };
    }
    case 'dismiss': {
      if (!state.queue.some((s) => s.id === action.id)) return state;
      return { ...state, queue: state.queue.filter((s) => s.id !== action.id) };
    }
  }
}

/** The current snack: the head of the queue. */
export const currentSnack = (state: SnackState): Snack | undefined => state.queue[0];

const snackStore = createStore<SnackState>(initialSnackState);

export const snacks = {
  push(snack: SnackInput) {
    snackStore.set((s) => snackReducer(s, { type: 'push', snack }));
  },
  error(text: string, title?: string) {
    snacks.push({ text, theme: 'red', ...(title ? { title } : {}) });
  },
  success(text: string) {
    snacks.push({ text, theme: 'green' });
  },
  dismiss(id: number) {
    snackStore.set((s) => snackReducer(s, { type: 'dismiss', id }));
  },
  /** Test and reset hook. */
  clear() {
    snackStore.set(initialSnackState);
  },
  get: () => snackStore.get(),
};

export const useSnackState = () => useStore(snackStore);
