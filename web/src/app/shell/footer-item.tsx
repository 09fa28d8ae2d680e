import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DocumentIcon, LinkIcon, LogoutIcon, ShieldIcon, UserIcon } from '../../components/ui/icons.tsx';
import type { Translate } from '../../i18n/index.ts';
import type { FooterItem, FooterLabel } from './nav-items.ts';

export const footerLabel = (t: Translate, label: FooterLabel): string => ('key' in label ? t(label.key) : label.text);

export function footerIcon(item: FooterItem, className = 'size-5'): ReactNode {
  if (item.kind === 'logout') return <LogoutIcon className={className} />;
  if (item.key === 'my-account') return <UserIcon className={className} />;
  if (item.key === 'privacy-policy') return <ShieldIcon className={className} />;
  if (item.key === 'legal-notice') return <DocumentIcon className={className} />;
  return <LinkIcon className={className} />;
}

/** One footer entry as a link, an external link (new tab) or the logout button. */
export function FooterEntry({
  item,
  t,
  onLogout,
  className,
  children,
}: {
  item: FooterItem;
  t: Translate;
  onLogout: () => void;
  className: string;
  children?: ReactNode;
}) {
  const label = footerLabel(t, item.label);
  if (item.kind === 'logout') {
    return (
      <button type="button" onClick={onLogout} className={className}>
        {children}
        {label}
      </button>
    );
  }
  if (item.kind === 'href') {
    return (
      <a href={item.href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        {label}
      </a>
    );
  }
  return (
    <Link to={item.to} className={className}>
      {children}
      {label}
    </Link>
  );
}
