import type { Portal } from '@portal/core/shared';
import { AddressList, OrderDetail, orderPdfFileName, OrdersPage, type StoreType } from '@portal/core/ordering';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { usePortalRead } from '../../../lib/use-portal-read.ts';
import type { OrdersQueryParams } from '../model/orders-filter.ts';
import { ordersKeys } from './keys.ts';

/**
 * The orders calls (SPEC 7 replenishment/orders, ADR 015): the paged, filtered list, one order's detail,
 * its PDF, and the addresses the store filter offers. Answers are parsed with core's contracts.
 */

export async function fetchOrders(portal: Portal, query: OrdersQueryParams): Promise<OrdersPage> {
  return readJson(await api({ portal }).replenishment.orders.$get({ query }), OrdersPage);
}

/** One page of orders; null query = nothing to ask yet (no retailer, or an invalid range). */
export function useOrders(query: OrdersQueryParams | null) {
  const portal = usePortal();
  return useSWR(query ? ordersKeys.list(portal, query) : null, ([, p, q]) => fetchOrders(p, JSON.parse(q) as OrdersQueryParams), {
    keepPreviousData: true,
  });
}

export async function fetchOrder(portal: Portal, orderId: string): Promise<OrderDetail> {
  const res = await api({ portal }).replenishment.orders[':id'].$get({ param: { id: orderId } });
  return readJson(res, OrderDetail);
}

export function useOrder(orderId: string | undefined) {
  return usePortalRead(orderId || null, ordersKeys.order, fetchOrder, { shouldRetryOnError: false });
}

/** The retailer's stores (type 0, GET stores) or distribution centres (type 1). */
export async function fetchAddresses(portal: Portal, customerId: string, storeType: StoreType): Promise<AddressList> {
  const client = api({ portal }).replenishment;
  const res =
    storeType === 0
      ? await client.stores.$get({ query: { customerId } })
      : await client.retailers[':id']['distribution-centers'].$get({ param: { id: customerId }, query: {} });
  return readJson(res, AddressList);
}

export function useAddresses(customerId: string | null, storeType: StoreType) {
  const portal = usePortal();
  return useSWR(customerId ? ordersKeys.addresses(portal, customerId, storeType) : null, ([, p, id, type]) => fetchAddresses(p, id, type), {
    revalidateOnFocus: false,
  });
}

/**
 * GET orders/:id/pdf through the one fetch wrapper (it needs the portal header, so a plain link cannot
 * ask for it). Returns the PDF as a Blob.
 */
export async function fetchOrderPdf(portal: Portal, orderId: string): Promise<Blob> {
  const res = await api({ portal }).replenishment.orders[':id'].pdf.$get({ param: { id: orderId }, query: {} });
  return res.blob();
}

/**
 * Opens the order's PDF in a new tab. The tab is opened at once (inside the click, so no pop-up blocker
 * stops it) and shown the document when it is there; without a tab the PDF is downloaded instead.
 */
export async function openOrderPdf(portal: Portal, order: PdfOrder, timeZone: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchOrderPdf(portal, order.orderId);
    const url = URL.createObjectURL(blob);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      saveAs(url, orderPdfFileName(order, timeZone));
    }
    // The tab has loaded the document long before this; the URL is dropped to free the memory.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

type PdfOrder = Pick<OrderDetail, 'orderId' | 'orderedAt'>;

/** Saves a blob URL under a file name (the a[download] attribute names the file the browser writes). */
function saveAs(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads the order's PDF as a file named like the server names it (core orderPdfFileName:
 * Order-<id>-<date>.pdf), next to "Open PDF", which shows it in a tab.
 */
export async function downloadOrderPdf(portal: Portal, order: PdfOrder, timeZone: string): Promise<void> {
  const url = URL.createObjectURL(await fetchOrderPdf(portal, order.orderId));
  saveAs(url, orderPdfFileName(order, timeZone));
  // The download has read the blob by then; the URL is dropped to free the memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
