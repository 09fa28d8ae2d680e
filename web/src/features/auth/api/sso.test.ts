import { describe, expect, it } from 'vitest';
import { claimSsoState, readSsoCallback } from './sso.ts';

const state = 's'.repeat(43);

describe('the single sign-on callback query (ADR 009)', () => {
  it('posts code and state with the portal, and iss only when the provider sent it', () => {
    expect(readSsoCallback(`?code=abc&state=${state}`, 'ordering')).toEqual({
      kind: 'complete',
      input: { app: 'ordering', code: 'abc', state },
    });
    expect(readSsoCallback(`?code=abc&state=${state}&iss=http%3A%2F%2Flocalhost%3A3013`, 'connect')).toEqual({
      kind: 'complete',
      input: { app: 'connect', code: 'abc', state, iss: 'http://localhost:3013' },
    });
  });

  it('shows a provider error without calling the API', () => {
    expect(readSsoCallback('?error=access_denied&error_description=User%20cancelled&state=x', 'ordering')).toEqual({
      kind: 'providerError',
      error: 'access_denied',
      description: 'User cancelled',
    });
    expect(readSsoCallback('?error=server_error', 'ordering')).toEqual({
      kind: 'providerError',
      error: 'server_error',
      description: undefined,
    });
  });

  it('an answer without code or state is invalid', () => {
    expect(readSsoCallback('', 'ordering')).toEqual({ kind: 'invalid' });
    expect(readSsoCallback('?code=abc', 'ordering')).toEqual({ kind: 'invalid' });
    expect(readSsoCallback(`?state=${state}`, 'ordering')).toEqual({ kind: 'invalid' });
  });

  it('a state is posted once, however often the page mounts', () => {
    expect(claimSsoState('state-1')).toBe(true);
    expect(claimSsoState('state-1')).toBe(false);
    expect(claimSsoState('state-2')).toBe(true);
  });
});
