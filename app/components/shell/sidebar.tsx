import { Link, useLocation } from 'react-router';
import type { Role } from '@contract/roles';
import { menuFor } from '~/navigation/screens';
import { APP_VERSION } from '~/utils/version';
import { Icon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { useT } from '~/hooks/use-t';

/** The menu item for this path: its screen or any page below it (a ticket under Eventos). */
export function isCurrentItem(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * What the sidebar holds, in the fixed sidebar (lg and up), the no-JavaScript panel and the
 * MUI drawer alike: the logo, the role's menu of docs/specification.md, "Layout", with the current item
 * marked aria-current="page", and the version label. Plain Links with one useLocation: NavLink
 * costs about four times as much per item on the server.
 */
export function SidebarContent({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <div className="sidebar-content">
      <Link className="shell-brand" to="/" onClick={onNavigate}>
        <Logo />
        <span>{t('app.name')}</span>
      </Link>
      <nav aria-label={t('nav.label')}>
        <ul className="shell-menu">
          {menuFor(role).map((item) => (
            <li key={item.screen}>
              <Link
                to={item.to}
                prefetch="intent"
                onClick={onNavigate}
                aria-current={isCurrentItem(pathname, item.to) ? 'page' : undefined}
              >
                <Icon name={item.screen} />
                <span>{t(`nav.${item.screen}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="shell-version">{t('nav.version', { version: APP_VERSION })}</p>
    </div>
  );
}
