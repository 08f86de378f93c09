import { Link } from 'react-router';
import type { SessionUser } from '~/server/auth/session-user';
import { useHeaderMenus } from './header-menu';
import { Icon } from '../ui/icons';
import { LanguageSetter } from './language-setter';
import { NotificationsBell } from './notifications-bell';
import { Logo } from '../ui/logo';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';
import { useT } from '~/hooks/use-t';

/** The drawer's panel (mobile-drawer.tsx), which the menu button controls. */
export const DRAWER_ID = 'shell-drawer-panel';
/** The checkbox behind the drawer without JavaScript (see app/styles/app.css). */
export const NO_JS_DRAWER_TOGGLE = 'shell-drawer-toggle';

/**
 * The 80px header: menu toggle (below lg), language setter, theme switcher and user menu.
 * Before hydration the toggle is a checkbox whose label opens the CSS drawer; afterwards a
 * button that opens MUI's Drawer.
 */
export function AppHeader({
  user,
  unread,
  hydrated,
  drawerOpen,
  onOpenDrawer,
}: {
  user: SessionUser;
  unread: number | null;
  hydrated: boolean;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}) {
  const t = useT();
  const ref = useHeaderMenus<HTMLElement>();
  return (
    <header className="shell-header" ref={ref}>
      {hydrated ? (
        <button
          type="button"
          className="shell-menu-toggle"
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? DRAWER_ID : undefined}
          onClick={onOpenDrawer}
        >
          <Icon name="menu" size={24} />
          <span className="visually-hidden">{t('header.openMenu')}</span>
        </button>
      ) : (
        <>
          {/* Named once here: the labels that open and close it would otherwise add up. */}
          <input
            type="checkbox"
            id={NO_JS_DRAWER_TOGGLE}
            className="shell-drawer-checkbox visually-hidden"
            aria-label={t('header.menu')}
          />
          <label htmlFor={NO_JS_DRAWER_TOGGLE} className="shell-menu-toggle" aria-hidden="true">
            <Icon name="menu" size={24} />
          </label>
        </>
      )}
      <Link className="shell-header-brand" to="/">
        <Logo size={32} />
        <span>{t('app.name')}</span>
      </Link>
      <div className="shell-header-actions">
        {unread === null ? null : <NotificationsBell role={user.role} unread={unread} />}
        <LanguageSetter />
        <ThemeSwitcher />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
