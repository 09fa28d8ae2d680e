import { FILE_LABELS } from '@portal/core/export';
import type { OrderStatus } from '@portal/core/shared';

/**
 * The order PDF's words in the portal's languages (SPEC 5: en, de, fr, pl), chosen by the account's
 * locale (ADR 017). The web has its own catalogue; the PDF is made on the server, so its few
 * texts live here; the English and German status labels are the export files' (ADR 054). `{name}`
 * placeholders are filled by `fill`.
 */
export type OrderPdfTexts = {
  title: string;
  continued: string;
  retailer: string;
  reference: string;
  orderedAt: string;
  orderedBy: string;
  status: string;
  deliveryAddress: string;
  customerStoreId: string;
  articleNo: string;
  ean: string;
  name: string;
  quantity: string;
  noPositions: string;
  total: string;
  page: string;
  statuses: Record<OrderStatus, string>;
};

const en: OrderPdfTexts = {
  title: 'Order {id}',
  continued: 'Order {id} (continued)',
  retailer: 'Retailer',
  reference: 'Reference',
  orderedAt: 'Ordered at',
  orderedBy: 'Ordered by',
  status: 'Status',
  deliveryAddress: 'Delivery address',
  customerStoreId: 'Customer store ID',
  articleNo: 'Article no.',
  ean: 'EAN',
  name: 'Name',
  quantity: 'Quantity',
  noPositions: 'No order positions',
  total: 'Total quantity ({count} positions)',
  page: 'Page {page} of {pages}',
  statuses: FILE_LABELS.orderStatus.en,
};

const de: OrderPdfTexts = {
  title: 'Bestellung {id}',
  continued: 'Bestellung {id} (Fortsetzung)',
  retailer: 'Händler',
  reference: 'Referenz',
  orderedAt: 'Bestellt am',
  orderedBy: 'Bestellt von',
  status: 'Status',
  deliveryAddress: 'Lieferadresse',
  customerStoreId: 'Kunden-Filialnummer',
  articleNo: 'Artikelnr.',
  ean: 'EAN',
  name: 'Name',
  quantity: 'Menge',
  noPositions: 'Keine Bestellpositionen',
  total: 'Gesamtmenge ({count} Positionen)',
  page: 'Seite {page} von {pages}',
  statuses: FILE_LABELS.orderStatus.de,
};

const fr: OrderPdfTexts = {
  title: 'Commande {id}',
  continued: 'Commande {id} (suite)',
  retailer: 'Détaillant',
  reference: 'Référence',
  orderedAt: 'Commandé le',
  orderedBy: 'Commandé par',
  status: 'Statut',
  deliveryAddress: 'Adresse de livraison',
  customerStoreId: 'ID magasin client',
  articleNo: 'N° d’article',
  ean: 'EAN',
  name: 'Nom',
  quantity: 'Quantité',
  noPositions: 'Aucune position de commande',
  total: 'Quantité totale ({count} positions)',
  page: 'Page {page} sur {pages}',
  statuses: {
    cancelled: 'Annulée',
    created: 'Créée',
    downloaded: 'Téléchargée',
    finished: 'Terminée',
    incomplete: 'Incomplète',
    ordered: 'Commandée',
    pending: 'En attente',
  },
};

const pl: OrderPdfTexts = {
  title: 'Zamówienie {id}',
  continued: 'Zamówienie {id} (ciąg dalszy)',
  retailer: 'Detalista',
  reference: 'Numer referencyjny',
  orderedAt: 'Data zamówienia',
  orderedBy: 'Zamawiający',
  status: 'Status',
  deliveryAddress: 'Adres dostawy',
  customerStoreId: 'ID sklepu klienta',
  articleNo: 'Nr artykułu',
  ean: 'EAN',
  name: 'Nazwa',
  quantity: 'Ilość',
  noPositions: 'Brak pozycji zamówienia',
  total: 'Łączna ilość (pozycje: {count})',
  page: 'Strona {page} z {pages}',
  statuses: {
    cancelled: 'Anulowane',
    created: 'Utworzone',
    downloaded: 'Pobrane',
    finished: 'Zakończone',
    incomplete: 'Niekompletne',
    ordered: 'Zamówione',
    pending: 'Oczekujące',
  },
};

const BY_LANGUAGE: Record<string, OrderPdfTexts> = { en, de, fr, pl };

/** The texts of a locale's language ('de-DE', 'de-de' and 'de' read German); English for any other. */
export const orderPdfTexts = (locale: string): OrderPdfTexts => BY_LANGUAGE[locale.slice(0, 2).toLowerCase()] ?? en;

/** Fills `{name}` placeholders. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
