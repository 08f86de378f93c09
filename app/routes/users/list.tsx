import type { Route } from './+types/list';
import { ScreenPlaceholder } from '~/components/screen-placeholder';
import { screenTitle } from '~/utils/meta';

export default function UsersScreen() {
  return <ScreenPlaceholder screen="users" />;
}

export const meta: Route.MetaFunction = () => screenTitle('users');
