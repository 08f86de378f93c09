import { Link } from 'react-router';
import { Logo } from '../ui/logo';
import { useT } from '~/hooks/use-t';

/**
 * The full-screen placeholder of docs/specification.md, "Role routes", while the session initialises: the logo, linking to
 * "/", for a signed-in user; otherwise the application's title. Plain markup and CSS, so it
 * shows before any script or Emotion style has run.
 */
export function FullScreenPlaceholder({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  return (
    <div className="full-screen-placeholder" role="status" aria-busy="true">
      {signedIn ? (
        <Link to="/" className="full-screen-placeholder-logo">
          <Logo size={72} />
          <span className="visually-hidden">{t('app.name')}</span>
        </Link>
      ) : (
        <p className="full-screen-placeholder-title">{t('app.title')}</p>
      )}
      <span className="full-screen-placeholder-bar" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
