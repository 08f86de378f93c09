import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { isThemeName, THEME_ACTION, THEME_NAMES, THEME_PALETTES, type ThemeName } from '~/theme/registry';
import { useThemeChoice } from '~/theme/theme-choice';
import { closeMenu, HeaderMenu } from './header-menu';
import { Icon } from '../ui/icons';
import { useT } from '~/hooks/use-t';

/** A theme's sidebar and accent colours, half and half. */
function swatch(name: ThemeName): string {
  const palette = THEME_PALETTES[name];
  const accent = (palette.primary as { main: string }).main;
  return `linear-gradient(135deg, ${palette.shell.sidebarBackground} 0 50%, ${accent} 50% 100%)`;
}

/**
 * The six themes as submit buttons of one POST form. Without JavaScript the browser posts
 * it and the resource route sets the cookie and sends the page back; with JavaScript the
 * choice applies at once and is posted in the background.
 */
export function ThemeSwitcher() {
  const t = useT();
  const location = useLocation();
  const { theme, chooseTheme } = useThemeChoice();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const value = submitter instanceof HTMLButtonElement ? submitter.value : null;
    if (!isThemeName(value)) return;
    event.preventDefault();
    chooseTheme(value);
    closeMenu(event.currentTarget);
  };

  return (
    <HeaderMenu
      className="theme-menu"
      summary={
        <>
          <Icon name="palette" />
          <span className="header-menu-label">{t('theme.label')}</span>
          <span className="visually-hidden">{t('theme.current', { name: t(`theme.names.${theme}`) })}</span>
          <Icon name="expand" size={18} />
        </>
      }
    >
      <form method="post" action={THEME_ACTION} onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <p className="header-menu-title" id="theme-menu-title">
          {t('theme.title')}
        </p>
        <ul className="header-menu-list" aria-labelledby="theme-menu-title">
          {THEME_NAMES.map((name) => (
            <li key={name}>
              <button
                type="submit"
                name="theme"
                value={name}
                className="header-menu-item"
                aria-pressed={name === theme}
                data-theme-option={name}
              >
                <span className="theme-swatch" style={{ background: swatch(name) }} aria-hidden="true" />
                <span>{t(`theme.names.${name}`)}</span>
                {name === theme ? <Icon name="check" size={18} /> : null}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </HeaderMenu>
  );
}
