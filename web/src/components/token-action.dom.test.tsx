import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { TokenAction } from './token-action.tsx';

/** The mailed-link page body: nothing happens on opening, the button runs it, a dead link reads as one. */
const texts = {
  intro: 'Intro',
  confirm: 'Confirm',
  doneTitle: 'Done',
  doneText: (email: string) => `Now ${email}`,
  invalidTitle: 'Link not valid',
  invalidText: 'Ask for a new one',
};

describe('TokenAction', () => {
  it('runs on the button, not on opening, and names the result', async () => {
    const run = vi.fn(async (token: string) => `${token}@example.com`);
    render(<TokenAction token="abc" run={run} texts={texts} />);
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Now abc@example.com');
    expect(run).toHaveBeenCalledWith('abc');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads a missing token, a 400 or a listed code as a dead link, without a button', async () => {
    const { unmount } = render(<TokenAction token="" run={vi.fn()} texts={texts} />);
    expect(screen.getByRole('alert').textContent).toContain('Link not valid');
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const gone = new ApiError(404, { code: 'X.GONE', message: 'gone' });
    render(<TokenAction token="t" run={() => Promise.reject(gone)} invalidCodes={['X.GONE']} texts={texts} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ask for a new one');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows another failure and keeps the button for another try', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('Try later')).mockResolvedValueOnce('a@b.c');
    render(<TokenAction token="t" run={run} texts={texts} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Try later');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Now a@b.c');
  });
});
