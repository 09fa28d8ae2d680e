import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../tests/support/api.ts';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

let clock = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
let ip = '198.51.100.10';
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Guarded-Account-2026!';

const signIn = async (username: string, password: string) => {
  const res = await app.request('/api/auth/signin', {
    method: 'POST',
    headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: await readJson(res), retryAfter: res.headers.get('retry-after') };
};
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  backend = await createTestBackend(() => clock);
  app = createApp(backend, () => ip);
  await backend.imports.importRecords('accounts', [
    { line: 1, data: { username: 'guarded', password: PASSWORD, email: 'g@example.com' } },
    { line: 2, data: { username: 'audited', password: PASSWORD, email: 'a@example.com' } },
  ]);
});

const LOCKED = { code: 'LOGIN.FORM.ERROR.ACCOUNT_LOCKED', message: 'account locked' };
const WRONG = { code: 'LOGIN.FORM.ERROR.WRONG_PASSWORD', message: 'Invalid username or password' };

describe('failure budget and lockout', () => {
  it('locks after 5 failures, for a time that grows with each lock, then lets the right password in', async () => {
    ip = '198.51.100.11';
    for (let i = 1; i <= 4; i++) expect((await signIn('guarded', 'Wrong-Password-1!')).body).toEqual(WRONG);
    expect(await signIn('guarded', 'Wrong-Password-1!')).toMatchObject({ status: 401, body: LOCKED });
    // While locked even the right password is refused.
    expect((await signIn('guarded', PASSWORD)).body).toEqual(LOCKED);
    advance(61_000);
    for (let i = 1; i <= 5; i++) await signIn('guarded', 'Wrong-Password-1!');
    advance(61_000); // the second lock lasts 2 minutes
    expect((await signIn('guarded', PASSWORD)).body).toEqual(LOCKED);
    advance(60_000);
    expect((await signIn('guarded', PASSWORD)).status).toBe(200);
    // A success clears the budget: four more failures do not lock.
    for (let i = 1; i <= 4; i++) expect((await signIn('guarded', 'Wrong-Password-1!')).body).toEqual(WRONG);
    expect((await signIn('guarded', PASSWORD)).status).toBe(200);
  });

  it('answers an unknown username exactly like a known one, lock included', async () => {
    ip = '198.51.100.12';
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    await backend.imports.importRecords('accounts', [
      { line: 1, data: { username: 'twin.known', password: PASSWORD, email: 't@example.com' } },
    ]);
    for (let i = 1; i <= 6; i++) {
      known.push(await signIn('twin.known', 'Wrong-Password-1!'));
      unknown.push(await signIn('twin.unknown', 'Wrong-Password-1!'));
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toMatchObject({ status: 401, body: LOCKED });
  });
});

describe('failure budget under parallel requests', () => {
  const burst = async (username: string, password: string) => {
    const answers = await Promise.all(Array.from({ length: 15 }, () => signIn(username, password)));
    return answers.map((a) => ({ status: a.status, code: (a.body as { code?: string }).code, retryAfter: a.retryAfter }));
  };
  const tally = (answers: { code?: string }[]) =>
    answers.reduce<Record<string, number>>((n, a) => ({ ...n, [a.code ?? 'ok']: (n[a.code ?? 'ok'] ?? 0) + 1 }), {});

  it('checks at most 5 of 15 wrong passwords fired at once; the rest are refused as locked', async () => {
    ip = '198.51.100.20';
    await backend.imports.importRecords('accounts', [
      { line: 1, data: { username: 'stormed', password: PASSWORD, email: 's@example.com' } },
    ]);
    const known = await burst('stormed', 'Wrong-Password-1!');
    const counts = tally(known);
    expect((counts[WRONG.code] ?? 0) + (counts[LOCKED.code] ?? 0)).toBe(15);
    expect(counts[WRONG.code]).toBeLessThanOrEqual(4); // the 5th failure locks
    const checked = (await backend.audit.forUser('stormed')).items.filter((e) => e.outcome === 'wrong_password');
    expect(checked.length).toBeLessThanOrEqual(5);
    // Locked for real: the right password waits too, and the answer says for how long.
    const after = await signIn('stormed', PASSWORD);
    expect(after).toMatchObject({ status: 401, body: LOCKED });
    expect(Number(after.retryAfter)).toBeGreaterThan(0);
    expect(Number(after.retryAfter)).toBeLessThanOrEqual(60);

    // An unknown name under the same storm answers alike.
    ip = '198.51.100.21';
    expect(tally(await burst('stormed.unknown', 'Wrong-Password-1!'))).toEqual(counts);
  });

  it('lets one right password through a burst and clears the budget', async () => {
    ip = '198.51.100.22';
    await backend.imports.importRecords('accounts', [
      { line: 1, data: { username: 'rushed', password: PASSWORD, email: 'r@example.com' } },
    ]);
    const answers = await Promise.all([
      signIn('rushed', PASSWORD),
      ...Array.from({ length: 3 }, () => signIn('rushed', 'Wrong-Password-1!')),
    ]);
    expect(answers[0]!.status).toBe(200);
    // Three failures and a success use no more than the budget: the name is not locked afterwards.
    expect((await signIn('rushed', PASSWORD)).status).toBe(200);
  });
});

describe('per-address limit', () => {
  it('answers 429 with Retry-After past 30 attempts a minute from one address, others unaffected', async () => {
    ip = '198.51.100.13';
    advance(60_000 - (clock.getTime() % 60_000) + 1_000); // start of a fresh window
    for (let i = 0; i < 30; i++) expect((await signIn(`someone${i}`, 'x')).status).toBe(401);
    const limited = await signIn('guarded', PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'REQUEST.RATE_LIMITED' });
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
    ip = '198.51.100.14';
    expect((await signIn('guarded', PASSWORD)).status).toBe(200);
  });
});

describe('audit log', () => {
  it('records every attempt with time, username, address and outcome', async () => {
    ip = '198.51.100.15';
    await signIn('audited', 'Wrong-Password-1!');
    const failedAt = clock.toISOString();
    advance(1_000);
    await signIn('audited', PASSWORD);
    const { items } = await backend.audit.forUser('audited');
    expect(items.map((e) => [e.outcome, e.ip, e.username, e.at])).toEqual([
      ['success', '198.51.100.15', 'audited', clock.toISOString()],
      ['wrong_password', '198.51.100.15', 'audited', failedAt],
    ]);
  });
});
