import type { Route } from './+types/index';
import { ScreenPlaceholder } from '~/components/screen-placeholder';
import { screenTitle } from '~/utils/meta';

export default function AssignmentsScreen() {
  return <ScreenPlaceholder screen="assignments" />;
}

export const meta: Route.MetaFunction = () => screenTitle('assignments');
