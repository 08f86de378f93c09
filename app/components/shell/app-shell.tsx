import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { SessionUser } from '~/server/auth/session-user';
import { AppHeader, NO_JS_DRAWER_TOGGLE } from './app-header';
import { Icon } from '../ui/icons';
import { SidebarContent } from './sidebar';
import { useHydrated } from '~/hooks/use-hydrated';
import { useT } from '~/hooks/use-t';

/** MUI's Drawer brings its Modal, Backdrop and transitions (about 15 KB gzip): fetched on first use. */
const MobileDrawer = lazy(() => import('./mobile-drawer').then((module) => ({ default: module.MobileDrawer })));

/**
 * The signed-in frame (docs/specification.md, "Layout"): a 290px sidebar, fixed from lg (1280px), a drawer below
 * that, and the 80px header. Plain elements styled by app/styles/app.css with the theme's
 * CSS variables: the shell is on every page, and each Emotion-styled MUI component would
 * cost tens of microseconds on the server. The only MUI component is the Drawer, downloaded
 * and mounted in the browser when first opened.
 */
export function AppShell({ user, unread = null, children }: { user: SessionUser; unread?: number | null; children: ReactNode }) {
  const t = useT();
  const hydrated = useHydrated();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openDrawer = useCallback(() => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader user={user} unread={unread} hydrated={hydrated} drawerOpen={drawerOpen} onOpenDrawer={openDrawer} />
      <aside className="shell-sidebar">
        {hydrated ? null : (
          <label htmlFor={NO_JS_DRAWER_TOGGLE} className="shell-drawer-close">
            <Icon name="close" />
            <span>{t('header.closeMenu')}</span>
          </label>
        )}
        <SidebarContent role={user.role} />
      </aside>
      {hydrated ? null : <label htmlFor={NO_JS_DRAWER_TOGGLE} className="shell-backdrop" aria-hidden="true" />}
      {drawerUsed ? (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onClose={closeDrawer} role={user.role} />
        </Suspense>
      ) : null}
      <main className="shell-main" id="main">
        {children}
      </main>
    </div>
  );
}
