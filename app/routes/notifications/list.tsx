import type { Route } from './+types/list';
import { ScreenPlaceholder } from '~/components/screen-placeholder';
import { screenTitle } from '~/utils/meta';

export default function NotificationsScreen() {
  return <ScreenPlaceholder screen="notifications" />;
}

export const meta: Route.MetaFunction = () => screenTitle('notifications');
