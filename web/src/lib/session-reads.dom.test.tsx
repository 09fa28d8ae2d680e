import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend } from '../test/dom.tsx';
import { signedIn } from '../test/fixtures.ts';
import { useSession } from './auth.ts';
import { PortalContext } from './portal.ts';

function Reader({ name }: { name: string }) {
  const { status } = useSession();
  return <p>{status?.user ? `${name}: signed in` : `${name}: waiting`}</p>;
}

function Readers({ screenMounted }: { screenMounted: boolean }) {
  return (
    <MemoryRouter initialEntries={['/connect/transactions']}>
      <PortalContext.Provider value="connect">
        <SWRConfig value={{ provider: () => new Map() }}>
          <Reader name="shell" />
          {screenMounted && <Reader name="screen" />}
        </SWRConfig>
      </PortalContext.Provider>
    </MemoryRouter>
  );
}

afterEach(() => vi.useRealTimers());

describe('the session status on a slow deep link (ADR 097)', () => {
  it('is read once when the screen mounts seconds after the shell read it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const backend = fakeBackend({ 'GET /api/auth/status': { body: signedIn() } });
    const view = render(<Readers screenMounted={false} />);
    expect(await screen.findByText('shell: signed in')).toBeTruthy();

    // The screen's chunks arrive well after SWR's default 2 s deduping window.
    await act(async () => vi.advanceTimersByTimeAsync(3_000));
    view.rerender(<Readers screenMounted />);
    expect(await screen.findByText('screen: signed in')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(backend.callsTo('GET', '/api/auth/status')).toHaveLength(1);
  });
});
