/** Whether a location's navigation state is the one a logout leaves (use-logout.ts LoggedOutState with loggedOut). */
export const isLoggedOutState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'loggedOut' in state && state.loggedOut === true;
