import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A header drop-down on a native <details> element: it opens and closes without JavaScript
 * and is announced as an expandable button. With JavaScript, `useHeaderMenus` adds what
 * menus are expected to do: close on Escape (focus back on the button), on a click outside,
 * when another one opens and when the page changes.
 */
export function HeaderMenu({ className, summary, children }: { className: string; summary: ReactNode; children: ReactNode }) {
  return (
    <details className={`header-menu ${className}`}>
      <summary className="header-menu-button">{summary}</summary>
      <div className="header-menu-panel">{children}</div>
    </details>
  );
}

/** Closes the menu holding `element` and puts focus back on its button. */
export function closeMenu(element: Element) {
  const menu = element.closest('details');
  if (!menu) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

export function useHeaderMenus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // A link in a menu (Mi perfil) leads to another page: the menu does not stay open over it.
  // Only on a change: a menu opened while the page was still hydrating stays open.
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>('details.header-menu[open]') ?? []) menu.open = false;
  }, [pathname]);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const openMenus = () => [...root.querySelectorAll<HTMLDetailsElement>('details.header-menu[open]')];
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const menu of openMenus()) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    };
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (!opened.open) return;
      for (const menu of openMenus()) if (menu !== opened) menu.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    root.addEventListener('keydown', onKeyDown);
    // `toggle` does not bubble: listen in the capture phase.
    root.addEventListener('toggle', onToggle, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('toggle', onToggle, true);
    };
  }, []);
  return ref;
}
