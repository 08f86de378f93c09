import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, NavLink } from 'react-router';
import { menuFor } from '~/navigation';
import type { SessionUser } from '~/session-user';
import { APP_VERSION } from '~/version';

/**
 * The signed-in frame: sidebar with the role's menu and the version label, header with the
 * user and sign out. Plain elements styled by app/styles/app.css: the shell is on every
 * page, and Emotion-styled components would cost tens of microseconds each on the server.
 */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <aside className="shell-sidebar">
        <Link className="shell-brand" to="/">
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.label')}>
          <ul className="shell-menu">
            {menuFor(user.role).map((item) => (
              <li key={item.screen}>
                <NavLink to={item.to} prefetch="intent">
                  {t(`nav.${item.screen}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="shell-version">{t('nav.version', { version: APP_VERSION })}</p>
      </aside>
      <header className="shell-header">
        <div className="shell-user" aria-label={t('header.userMenu')}>
          <img className="shell-avatar" src={user.avatar} alt="" width={40} height={40} />
          <span>
            <span className="shell-user-name">{user.name}</span>
            <span className="shell-user-role">{t(`roles.${user.role}`)}</span>
          </span>
        </div>
        <Form method="post" action="/user/logout">
          <button type="submit" className="button-secondary">
            {t('header.signOut')}
          </button>
        </Form>
      </header>
      <main className="shell-main" id="main">
        {children}
      </main>
    </div>
  );
}
