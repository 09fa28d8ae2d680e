import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type Translate, useLocale, useT } from '../../../i18n/index.ts';
import { snacks } from '../../../lib/snack.ts';
import { formatDateTime } from '../../../lib/user-format.ts';
import { type ActiveSession, describeUserAgent, sessionPortal, sortSessions, useActiveSessions } from '../api/sessions.ts';
import { useEndOtherSessions } from '../api/use-end-other-sessions.ts';
import { Section } from './section.tsx';

function deviceName(t: Translate, session: ActiveSession): string {
  const ua = describeUserAgent(session.userAgent);
  if (ua?.browser && ua.system) return t('sessions.browserOn', { browser: ua.browser, system: ua.system });
  return ua?.browser ?? ua?.system ?? t('sessions.unknownDevice');
}

function SessionItem({ session, timeZone }: { session: ActiveSession; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const portal = sessionPortal(session);
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {deviceName(t, session)}
          {session.current ? (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700">{t('sessions.current')}</span>
          ) : null}
          {portal ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
              {portal === 'connect' ? t('app.portalConnect') : t('app.portalOrdering')}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-500">
          {t('sessions.signedIn', { at: formatDateTime(session.createdAt, { locale, timeZone }) })}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
      </div>
      <p className="shrink-0 text-xs text-slate-500">
        {t('sessions.lastSeen', { at: formatDateTime(session.lastSeenAt, { locale, timeZone }) })}
      </p>
    </li>
  );
}

/** Active sessions of the account on both portals, and 'Sign out other sessions'. */
export function ActiveSessions({ timeZone }: { timeZone: string }) {
  const t = useT();
  const { data, error, isLoading, mutate } = useActiveSessions();
  const { end, ending } = useEndOtherSessions();
  const sessions = sortSessions(data ?? []);
  const others = sessions.filter((s) => !s.current).length;

  const endOthers = async () => {
    try {
      await end(async (ended) => {
        snacks.success(t('sessions.ended', { count: ended }));
        await mutate();
      });
    } catch {
      // The API client has shown the failure.
    }
  };

  return (
    <Section
      title={t('sessions.title')}
      hint={t('sessions.hint')}
      actions={
        <Button theme="secondary" loading={ending} disabled={others === 0} onClick={() => void endOthers()}>
          {t('sessions.endOthers')}
        </Button>
      }
    >
      {error ? <Alert theme="red">{t('sessions.loadFailed')}</Alert> : null}
      {isLoading ? <p className="text-sm text-slate-500">{t('app.loading')}</p> : null}
      {data ? (
        <ul className="-my-3 divide-y divide-slate-100">
          {sessions.map((session) => (
            <SessionItem key={session.id} session={session} timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
