import { demoUsers } from '../../scripts/seed/seed.ts';

/**
 * The seeded demo account of that name (scripts/seed/demo/accounts.jsonl), which the browser suites sign in
 * with: one lookup for every suite, and a missing account fails the suite by its name rather than later
 * with an undefined password.
 */
export function demoAccount(username: string) {
  const found = demoUsers().find((u) => u.username === username);
  if (!found) throw new Error(`no demo account ${username}`);
  return found;
}
