import { useTranslation } from 'react-i18next';
import type { Route } from './+types/index';
import { requireAuth } from '~/auth.server';
import { ScreenPlaceholder } from '~/components/screen-placeholder';
import { screenTitle } from '~/utils/meta';

export function loader({ context }: Route.LoaderArgs) {
  return { name: requireAuth(context).user.name };
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="screen-greeting">{t('screens.welcome', { name: loaderData.name })}</p>
      <ScreenPlaceholder screen="dashboard" />
    </>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('dashboard');
