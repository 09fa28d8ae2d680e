import type { Recipient } from '@portal/core/report';

/** How a recipient is named on the list and in the user picker: the display name, else the name, else the address. */
export const displayName = (r: Recipient) => r.displayname || [r.firstname, r.surname].filter(Boolean).join(' ') || r.email;
