import type { ServiceMessage } from '@portal/core/shared';

/** A service message's identity for dismissal: the same text is the same message. */
export const serviceMessageId = (m: ServiceMessage) => `${m.type}:${m.title}:${m.message}`;

/** The messages the user has not closed in this session. */
export const visibleServiceMessages = (messages: readonly ServiceMessage[], dismissed: readonly string[]) =>
  messages.filter((m) => !dismissed.includes(serviceMessageId(m)));
