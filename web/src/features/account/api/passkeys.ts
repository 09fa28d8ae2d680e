import type { Portal } from '@portal/core/shared';
import { PasskeySummary } from '@portal/core/auth/passkey';
import useSWR from 'swr';
import * as z from '@portal/core/zod';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { accountKeys } from './keys.ts';

/**
 * My Account's passkeys (ADR 098, 112): the list (never a key), adding one after re-authentication (the
 * password, or none right after a sign-in: ADR 055), renaming, removing (re-authenticated too; refused as the
 * last way to sign in, with the server's message).
 */
const PasskeyList = z.object({ passkeys: z.array(PasskeySummary) });
const Done = z.object({ success: z.literal(true) });

export function usePasskeys() {
  const portal = usePortal();
  return useSWR(
    accountKeys.passkeys(portal),
    async ([, p]) => (await readJson(await api({ portal: p }).auth.passkeys.$get(), PasskeyList)).passkeys,
    {
      shouldRetryOnError: false,
    },
  );
}

/** Errors show where the user acted (the dialog), not as a snack alert. */
const quiet = (portal: Portal) => ({ portal, notify: false });
const reauth = (currentPassword: string) => (currentPassword ? { currentPassword } : {});

/** 'Add a passkey': options after re-authentication, the browser's prompt, then the new credential with its name. */
export async function addPasskey(portal: Portal, name: string, currentPassword: string) {
  const options = quiet(portal);
  const client = api(options).auth.passkeys;
  // The browser's side loads with the press of 'Add' (My Account's first view does not download it, ADR 133).
  const { createPasskey, PasskeyCreationOptions } = await import('../../../lib/webauthn.ts');
  const optionsJSON = await readJson(
    await client.registration.options.$post({ json: reauth(currentPassword) }),
    PasskeyCreationOptions,
    options,
  );
  const response = await createPasskey(optionsJSON);
  return readJson(await client.registration.$post({ json: { name, response } }), PasskeySummary, options);
}

export async function renamePasskey(portal: Portal, id: string, name: string) {
  const options = quiet(portal);
  return readJson(await api(options).auth.passkeys[':id'].$patch({ param: { id }, json: { name } }), Done, options);
}

export async function removePasskey(portal: Portal, id: string, currentPassword: string) {
  const options = quiet(portal);
  return readJson(await api(options).auth.passkeys[':id'].remove.$post({ param: { id }, json: reauth(currentPassword) }), Done, options);
}
