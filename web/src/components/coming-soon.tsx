import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type MessageKey, useT } from '../i18n/index.ts';
import { buttonClasses } from './ui/button.tsx';
import { EmptyState } from './ui/empty-state.tsx';

/**
 * The honest placeholder for a screen a later issue fills: it says the feature is coming in a later
 * release and shows no data at all (never invented rows).
 */
export function ComingSoon({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: MessageKey;
  backTo?: string;
  backLabel?: MessageKey;
  children?: ReactNode;
}) {
  const t = useT();
  const feature = t(title);
  return (
    <div className="space-y-4">
      {children}
      <EmptyState
        badge={t('comingSoon.badge')}
        title={feature}
        text={t('comingSoon.text')}
        action={
          backTo && backLabel ? (
            <Link to={backTo} className={buttonClasses('secondary')}>
              {t(backLabel)}
            </Link>
          ) : undefined
        }
      />
    </div>
  );
}
