import { XSSI_PREFIX } from '@portal/core/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from '@portal/core/zod';
import { ApiError, ClientErrorCode, createApiFetch, errorMessage, isTextBody, readJson, stripXssiPrefix } from './api-client.ts';
import { loadCatalogue, loadMessages, type Messages } from '../i18n/index.ts';
import { deDE } from '../test/catalogues.ts';

// The errors catalogue loads with the data layer (app/data-bridge.ts), not with the app.
beforeAll(() => loadCatalogue('errors'));

type Init = RequestInit | undefined;

function fakeFetch(status: number, body: string, headers: Record<string, string> = {}) {
  const calls: { input: RequestInfo | URL; init: Init }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ input, init });
    return new Response(body, { status, headers: { 'Content-Type': 'application/json', ...headers } });
  };
  return { fetch, calls };
}

const setup = (status: number, body: string, headers: Record<string, string> = {}) => {
  const fake = fakeFetch(status, body, headers);
  const onFailure = vi.fn();
  const onAuthFailure = vi.fn();
  const apiFetch = createApiFetch({ fetch: fake.fetch, portal: 'ordering', onFailure, onAuthFailure });
  return { ...fake, onFailure, onAuthFailure, apiFetch };
};

describe('stripXssiPrefix', () => {
  it('removes the prefix once and leaves other text alone', () => {
    expect(stripXssiPrefix(`${XSSI_PREFIX}{"a":1}`)).toBe('{"a":1}');
    expect(stripXssiPrefix('{"a":1}')).toBe('{"a":1}');
    expect(stripXssiPrefix(`${XSSI_PREFIX}${XSSI_PREFIX}1`)).toBe(`${XSSI_PREFIX}1`);
  });
});

describe('createApiFetch', () => {
  it('strips the prefix and returns an ordinary Response', async () => {
    const { apiFetch } = setup(200, `${XSSI_PREFIX}{"ok":true}`);
    const res = await apiFetch('/api/thing');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('adds the portal header, JSON accept and same-origin credentials, keeping caller headers', async () => {
    const fake = fakeFetch(200, `${XSSI_PREFIX}{}`);
    const apiFetch = createApiFetch({ fetch: fake.fetch, portal: () => 'connect' });
    await apiFetch('/api/x', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const init = fake.calls[0]!.init!;
    const headers = new Headers(init.headers);
    expect(headers.get('X-Portal')).toBe('connect');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
  });

  it('turns a non-2xx answer into an ApiError with the ErrorBody and shows it', async () => {
    const body = {
      code: 'ORDER.INVALID',
      message: 'Your order is invalid',
      issues: [{ path: 'qty', message: 'PU' }],
    };
    const { apiFetch, onFailure, onAuthFailure } = setup(400, XSSI_PREFIX + JSON.stringify(body));
    const error = await apiFetch('/api/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'ORDER.INVALID', message: 'Your order is invalid' });
    expect((error as ApiError).issues).toEqual(body.issues);
    expect(onFailure).toHaveBeenCalledWith(error);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it.each([401, 403])('on %i marks authorization as failed instead of a snack', async (status) => {
    const { apiFetch, onFailure, onAuthFailure } = setup(status, `${XSSI_PREFIX}{"code":"auth","message":"Not signed in"}`);
    await expect(apiFetch('/api/account')).rejects.toMatchObject({ status, isAuthFailure: true });
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledWith(expect.any(ApiError), 'ordering');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it.each(['AUTH.PASSWORD_EXPIRED', 'AUTH.MFA_SETUP_REQUIRED'])(
    'a 403 %s sends the user to take the pending step, not to the login dialog',
    async (code) => {
      const fake = fakeFetch(403, `${XSSI_PREFIX}{"code":"${code}","message":"A step is pending."}`);
      const onAuthFailure = vi.fn();
      const onPendingStep = vi.fn();
      const onFailure = vi.fn();
      const apiFetch = createApiFetch({
        fetch: fake.fetch,
        portal: () => 'connect',
        onAuthFailure,
        onPendingStep,
        onFailure,
      });
      await expect(apiFetch('/api/orders')).rejects.toMatchObject({ status: 403, isPendingStep: true });
      expect(onPendingStep).toHaveBeenCalledWith(expect.any(ApiError), 'connect');
      expect(onAuthFailure).not.toHaveBeenCalled();
      expect(onFailure).not.toHaveBeenCalled();
    },
  );

  it('passes a binary answer (the QR code PNG) through untouched', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0xfe]);
    const fetch = async () => new Response(png, { status: 200, headers: { 'Content-Type': 'image/png' } });
    const apiFetch = createApiFetch({ fetch, portal: 'ordering' });
    const res = await apiFetch('/api/auth/secret-code');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    expect(res.headers.get('Content-Type')).toBe('image/png');
  });

  it('treats JSON and text bodies as text (prefix stripped), anything else as binary', () => {
    expect(isTextBody('application/json; charset=UTF-8')).toBe(true);
    expect(isTextBody('application/problem+json')).toBe(true);
    expect(isTextBody('text/plain')).toBe(true);
    expect(isTextBody(null)).toBe(true);
    expect(isTextBody('image/png')).toBe(false);
    expect(isTextBody('application/pdf')).toBe(false);
  });

  it('reports an authorization failure for the portal the call was made for', async () => {
    const fake = fakeFetch(401, `${XSSI_PREFIX}{"code":"AUTH.REQUIRED","message":""}`);
    const onAuthFailure = vi.fn();
    const apiFetch = createApiFetch({ fetch: fake.fetch, portal: () => 'connect', onAuthFailure });
    await expect(apiFetch('/api/account')).rejects.toBeInstanceOf(ApiError);
    expect(new Headers(fake.calls[0]!.init!.headers).get('X-Portal')).toBe('connect');
    expect(onAuthFailure).toHaveBeenCalledWith(expect.any(ApiError), 'connect');
  });

  it('lets callers opt out of the snack and of the auth dialog (sign-in, status)', async () => {
    const fake = fakeFetch(401, `${XSSI_PREFIX}{"code":"LOGIN.FORM.ERROR.WRONG_PASSWORD","message":""}`);
    const onFailure = vi.fn();
    const onAuthFailure = vi.fn();
    const apiFetch = createApiFetch({
      fetch: fake.fetch,
      portal: 'ordering',
      notify: false,
      authDialog: false,
      onFailure,
      onAuthFailure,
    });
    await expect(apiFetch('/api/auth/signin')).rejects.toMatchObject({
      code: 'LOGIN.FORM.ERROR.WRONG_PASSWORD',
    });
    expect(onFailure).not.toHaveBeenCalled();
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('a 401 of a call without the dialog still shows a snack when notify is on', async () => {
    const fake = fakeFetch(401, `${XSSI_PREFIX}{"code":"auth","message":"No session"}`);
    const onFailure = vi.fn();
    const apiFetch = createApiFetch({ fetch: fake.fetch, portal: 'ordering', authDialog: false, onFailure });
    await expect(apiFetch('/api/send-otp-code')).rejects.toBeInstanceOf(ApiError);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('maps bodies that are not an ErrorBody to CLIENT.HTTP_<status> with an empty message', async () => {
    const { apiFetch } = setup(502, '<html>Bad gateway</html>');
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, code: 'CLIENT.HTTP_502', message: '' });
  });

  it('reads Retry-After on 429', async () => {
    const { apiFetch } = setup(429, `${XSSI_PREFIX}{"code":"rate_limited","message":""}`, {
      'Retry-After': '30',
    });
    await expect(apiFetch('/api/auth/signin')).rejects.toMatchObject({ status: 429, retryAfter: 30 });
  });

  it('turns a network failure into ApiError status 0', async () => {
    const onFailure = vi.fn();
    const apiFetch = createApiFetch({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      portal: 'ordering',
      onFailure,
    });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: ClientErrorCode.network });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('keeps 204 answers body-less', async () => {
    const apiFetch = createApiFetch({
      fetch: async () => new Response(null, { status: 204 }),
      portal: 'ordering',
    });
    const res = await apiFetch('/api/x');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});

describe('readJson', () => {
  const Thing = z.object({ id: z.string() });
  const call = async (fake: ReturnType<typeof fakeFetch>) =>
    createApiFetch({ fetch: fake.fetch, portal: 'ordering', notify: false })('/api/things');

  it('parses the answer with the contract schema', async () => {
    const fake = fakeFetch(200, `${XSSI_PREFIX}{"id":"a1","extra":true}`);
    const thing = await readJson(await call(fake), Thing);
    expect(thing).toEqual({ id: 'a1' });
  });

  it('reports an answer that breaks the contract as invalid_response', async () => {
    const onFailure = vi.fn();
    const fake = fakeFetch(200, `${XSSI_PREFIX}{"id":5}`);
    await expect(readJson(await call(fake), Thing, { onFailure })).rejects.toMatchObject({
      code: ClientErrorCode.invalidResponse,
    });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('reports an empty body as invalid_response too', async () => {
    const fake = fakeFetch(200, '');
    await expect(readJson(await call(fake), Thing, { notify: false })).rejects.toMatchObject({
      code: ClientErrorCode.invalidResponse,
    });
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, then a translated generic text", () => {
    expect(errorMessage(new ApiError(500, { code: 'SERVER.INTERNAL', message: 'Something went wrong.' }))).toBe('Something went wrong.');
    expect(errorMessage(new ApiError(0, { code: ClientErrorCode.network, message: '' }))).toMatch(/server could not be reached/);
    expect(errorMessage(new ApiError(500, { code: 'x', message: '' }))).toMatch(/request failed/i);
  });

  it('fills the values the server sent (ErrorBody.params) into the code’s text, in any locale', async () => {
    const pending = new ApiError(409, { code: 'COMPANY.CHANGE_PENDING', message: '', params: { requestId: 'REQ-7' } });
    expect(errorMessage(pending)).toContain('request REQ-7.');
    await loadMessages('de-DE', { 'de-DE': async () => ({ default: deDE as Messages }) });
    try {
      expect(errorMessage(pending)).toBe(
        'Eine Änderung dieser Art wartet bereits auf Freigabe: Anfrage REQ-7. Warten Sie die Entscheidung ab oder archivieren Sie diese Anfrage zuerst.',
      );
    } finally {
      await loadMessages('en-US');
    }
  });
});
