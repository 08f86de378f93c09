import { Link } from 'react-router';
import { ROLE_AREAS } from '@contract/roles';
import type { SessionUser } from '~/server/auth/session-user';
import { HeaderMenu } from './header-menu';
import { SignOutForm } from './sign-out-form';
import { Icon } from '../ui/icons';
import { useT } from '~/hooks/use-t';

/** The signed-in user: name and role, and Cerrar sesión as a POST form (never a link) that clears the phone too. */
export function UserMenu({ user }: { user: SessionUser }) {
  const t = useT();
  return (
    <HeaderMenu
      className="user-menu"
      summary={
        <>
          <img className="shell-avatar" src={user.avatar} alt="" width={36} height={36} />
          <span className="user-menu-text">
            <span className="user-menu-name">{user.name}</span>
            <span className="user-menu-role">{t(`roles.${user.role}`)}</span>
          </span>
          <Icon name="expand" size={18} />
        </>
      }
    >
      <div className="user-menu-card">
        <p className="user-menu-name">{user.name}</p>
        <p className="user-menu-detail">{user.email}</p>
        <p className="user-menu-detail">{t(`roles.${user.role}`)}</p>
      </div>
      <Link className="header-menu-item" to={`/${ROLE_AREAS[user.role]}/profile`}>
        <Icon name="person" size={18} />
        <span>{t('header.profile')}</span>
      </Link>
      <SignOutForm>
        <button type="submit" className="header-menu-item">
          <Icon name="logout" size={18} />
          <span>{t('header.signOut')}</span>
        </button>
      </SignOutForm>
    </HeaderMenu>
  );
}
