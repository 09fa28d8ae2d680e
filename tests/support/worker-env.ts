/**
 * The environment a support module sets once per worker, for every file after the one that first loaded it: server
 * files share a worker's modules (ADR 160), so such a module runs once, and the per-file setup
 * (tests/setup/server-file.ts) sets these again after it undoes what a file changed in process.env.
 */
export const workerEnv: Record<string, string> = {};
