import type { ServiceMessage } from '@portal/core/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { translateCoreMessage, useT } from '../../i18n/index.ts';
import { usePortal } from '../../lib/portal.ts';
import { dismissServiceMessage, useSessionState } from '../../lib/session.ts';
import { serviceMessageId, visibleServiceMessages } from './dismissed-messages.ts';

const messageTheme = { info: 'blue', warning: 'orange', error: 'red' } as const;

/**
 * The status's service messages (SPEC 3), e.g. 'Your password is going to expire...', as banners the user
 * can close; a closed one stays hidden until the next sign-in.
 */
export function ServiceMessages({ messages }: { messages: readonly ServiceMessage[] }) {
  const t = useT();
  const portal = usePortal();
  const { dismissedMessages } = useSessionState();
  const visible = visibleServiceMessages(messages, dismissedMessages);
  if (visible.length === 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {visible.map((m) => (
        <Alert
          key={serviceMessageId(m)}
          theme={messageTheme[m.type]}
          title={m.title ? translateCoreMessage(t, m.title) : undefined}
          onClose={() => dismissServiceMessage(portal, serviceMessageId(m))}
          closeLabel={t('serviceMessages.dismiss')}
        >
          {translateCoreMessage(t, m.message)}
        </Alert>
      ))}
    </div>
  );
}
