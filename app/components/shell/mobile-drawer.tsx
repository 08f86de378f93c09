import { CacheProvider } from '@emotion/react';
import Drawer from '@mui/material/Drawer';
import { ThemeProvider } from '@mui/system';
import { useEffect, useMemo } from 'react';
import type { Role } from '@contract/roles';
import { DRAWER_ID } from './app-header';
import { Icon } from '../ui/icons';
import { SidebarContent } from './sidebar';
import { useT } from '~/hooks/use-t';
import { createEmotionCache } from '~/theme/emotion-cache';
import { providerTheme } from '~/theme/provider-theme';
import { useThemeChoice } from '~/theme/theme-choice';
import { useNonce } from '~/utils/nonce';

/**
 * The lg breakpoint of docs/specification.md, "9. Business constants and limits": from here the sidebar is fixed and
 * the drawer is not needed.
 */
const LARGE_SCREEN = '(min-width: 1280px)';

/**
 * The sidebar below lg with JavaScript: MUI's temporary Drawer, a modal dialog that traps
 * focus, closes with Escape or a click on the backdrop, and gives focus back to the menu
 * button. Only downloaded and mounted in the browser once first opened (app-shell.tsx), so
 * it costs neither the server nor a page's first load; MUI's theme and Emotion come with it.
 */
export function MobileDrawer({ open, onClose, role }: { open: boolean; onClose: () => void; role: Role }) {
  const t = useT();
  // The theme in use (the header's switcher may change it while the drawer is open), and
  // Emotion's cache: the drawer is the one MUI component, so both come with it.
  const { theme } = useThemeChoice();
  const nonce = useNonce();
  const cache = useMemo(() => createEmotionCache(nonce), [nonce]);

  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(LARGE_SCREEN);
    const closeOnLarge = () => query.matches && onClose();
    query.addEventListener('change', closeOnLarge);
    return () => query.removeEventListener('change', closeOnLarge);
  }, [open, onClose]);

  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={providerTheme(theme)}>
        <Drawer
          open={open}
          onClose={onClose}
          anchor="left"
          slotProps={{
            paper: {
              id: DRAWER_ID,
              className: 'shell-drawer-paper',
              role: 'dialog',
              'aria-modal': true,
              'aria-label': t('nav.label'),
            },
          }}
        >
          <button type="button" className="shell-drawer-close" onClick={onClose}>
            <Icon name="close" />
            <span>{t('header.closeMenu')}</span>
          </button>
          <SidebarContent role={role} onNavigate={onClose} />
        </Drawer>
      </ThemeProvider>
    </CacheProvider>
  );
}
