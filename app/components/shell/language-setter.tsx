import { SUPPORTED_LANGUAGES } from '~/i18n/config';
import { HeaderMenu } from './header-menu';
import { Icon } from '../ui/icons';
import { useLanguage, useT } from '~/hooks/use-t';

/**
 * The language setter of docs/specification.md, "Layout". Spanish is the only language (same file,
 * "9. Business constants and limits"), so the menu lists it as the current one; adding a catalogue to
 * SUPPORTED_LANGUAGES adds its entry.
 */
export function LanguageSetter() {
  const t = useT();
  const current = useLanguage();
  return (
    <HeaderMenu
      className="language-menu"
      summary={
        <>
          <Icon name="language" />
          <span className="visually-hidden">{t('language.label')}: </span>
          <span className="language-menu-name" lang={current}>{t(`language.names.${current as (typeof SUPPORTED_LANGUAGES)[number]}`)}</span>
          <Icon name="expand" size={18} />
        </>
      }
    >
      <p className="header-menu-title" id="language-menu-title">
        {t('language.label')}
      </p>
      <ul className="header-menu-list" aria-labelledby="language-menu-title">
        {SUPPORTED_LANGUAGES.map((language) => (
          <li key={language}>
            <span className="header-menu-item" lang={language} aria-current={language === current ? 'true' : undefined}>
              <span>{t(`language.names.${language}`)}</span>
              {language === current ? <Icon name="check" size={18} /> : null}
            </span>
          </li>
        ))}
      </ul>
    </HeaderMenu>
  );
}
