import { IDEMPOTENCY_HEADER, type Portal } from '@portal/core/shared';
import { type CouponAction, CouponActionAnswer, isSerial, normaliseSerial, SerialCheckAnswer, SerialDetails } from '@portal/core/couponing';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { couponingKeys, putCardDetails, putCheckedCard } from './keys.ts';

/**
 * The couponing calls (SPEC 7 serial-number-check; ADR 016), answers parsed with core's contracts.
 * Keys are session-bound (`[name, portal, ...]`) so a logout drops them. The screens show failures
 * themselves (a serial that is not found is an answer, not an accident), so there is no generic snack;
 * 401/403 still open the auth dialog.
 */

const quiet = (portal: Portal) => ({ portal, notify: false });

/** POST serial-number-check: each serial's serial status and the cards carrying it. */
export async function fetchSerialCheck(portal: Portal, serials: readonly string[]): Promise<SerialCheckAnswer> {
  const res = await api(quiet(portal))['serial-number-check'].$post({ json: { serials: [...serials] } });
  return readJson(res, SerialCheckAnswer, quiet(portal));
}

/** The Query step's results; null when there is nothing to check. */
export function useSerialCheck(serials: readonly string[]) {
  const portal = usePortal();
  return useSWR(serials.length > 0 ? couponingKeys.check(portal, serials) : null, ([, p, list]) => fetchSerialCheck(p, list.split(',')), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

/** The card of the Details step: serial and, when several cards carry the serial, the EAN. */
export interface CardRef {
  serial: string;
  /** '' when the URL names none (fine while one card carries the serial). */
  ean: string;
}

/** The card a Details URL names (?serial=&ean=); null when the serial is missing or not a serial number. */
export function cardRefOf(params: URLSearchParams): CardRef | null {
  const serial = normaliseSerial(params.get('serial') ?? '');
  return isSerial(serial) ? { serial, ean: (params.get('ean') ?? '').trim() } : null;
}

/** GET serial-number-check/:serial?ean: the card, its bookings, transactions and offered actions. */
export async function fetchSerialDetails(portal: Portal, ref: CardRef): Promise<SerialDetails> {
  const res = await api(quiet(portal))['serial-number-check'][':serial'].$get({
    param: { serial: ref.serial },
    query: ref.ean ? { ean: ref.ean } : {},
  });
  return readJson(res, SerialDetails, quiet(portal));
}

export function useSerialDetails(ref: CardRef | null) {
  const portal = usePortal();
  return useSWR(ref ? couponingKeys.details(portal, ref) : null, ([, p, serial, ean]) => fetchSerialDetails(p, { serial, ean }), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

/** Reads the card again and puts it on screen (after a refused action: the card changed meanwhile). */
export async function refreshSerialDetails(portal: Portal, ref: CardRef): Promise<SerialDetails> {
  const fresh = await fetchSerialDetails(portal, ref);
  await putCardDetails(portal, ref, fresh);
  return fresh;
}

/** One action the user asked for: on which card, on which terminal. */
export interface ActionRequest {
  serial: string;
  ean: string;
  action: CouponAction;
  terminalId: string;
}

/**
 * POST serial-number-check/:serial/:action with the click's Idempotency-Key. The answer is the card
 * afterwards: it replaces the details shown under `shown` and the card's row in every cached query
 * (those on screen revalidate), so no screen shows the old state.
 */
export async function bookCouponAction(
  portal: Portal,
  request: ActionRequest,
  idempotencyKey: string,
  shown: CardRef,
): Promise<CouponActionAnswer> {
  const res = await api(quiet(portal))['serial-number-check'][':serial'][':action'].$post({
    param: { serial: request.serial, action: request.action },
    json: { ean: request.ean, terminalId: request.terminalId },
    header: { [IDEMPOTENCY_HEADER.toLowerCase()]: idempotencyKey },
  });
  const answer = await readJson(res, CouponActionAnswer, quiet(portal));
  const { booked: _booked, ...details } = answer;
  await putCardDetails(portal, shown, details);
  await putCheckedCard(portal, details.card);
  return answer;
}
