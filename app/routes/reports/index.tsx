import type { Route } from './+types/index';
import { ScreenPlaceholder } from '~/components/screen-placeholder';
import { screenTitle } from '~/utils/meta';

export default function ReportsScreen() {
  return <ScreenPlaceholder screen="reports" />;
}

export const meta: Route.MetaFunction = () => screenTitle('reports');
