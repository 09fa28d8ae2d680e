import { availableParallelism } from 'node:os';

/**
 * The e2e files run in lanes (vitest.config.ts): one `npm start` each (tests/setup/local-server.ts), one file at
 * a time per lane, the lanes side by side. A file runs against the lane tests/setup/e2e-ready.ts took for it and
 * reads its addresses here. Files never share a lane at once, so what one file does to the demo data (a lockout,
 * a new request, a mail) is never seen by a file running beside it; after it, a later file in the same lane sees
 * it, as when every file ran on one server.
 */
export interface E2eLane {
  baseUrl: string;
  /** The SES stand-in: the mail it received is at GET <sesUrl>/store. */
  sesUrl: string;
  /** The throw-away data folder of the lane's runtime. */
  dataDir: string;
  /** The file the lane's start writes its outcome to. */
  startStatus: string;
}

/** Two lanes on two cores or more (CI's two: an e2e file keeps about one busy); one on a single core. */
export const E2E_LANES = Math.min(2, availableParallelism());

let taken: E2eLane | undefined;

/** Set by tests/setup/e2e-ready.ts before the file's tests load. */
export const takeLane = (lane: E2eLane) => {
  taken = lane;
};

/** The lane this e2e file runs against. */
export function e2eLane(): E2eLane {
  if (!taken) throw new Error('no e2e lane taken: an e2e file runs in the e2e project (tests/setup/e2e-ready.ts)');
  return taken;
}
