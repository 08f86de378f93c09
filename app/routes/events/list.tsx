import type { Route } from './+types/list';
import { ScreenPlaceholder } from '~/components/screen-placeholder';
import { screenTitle } from '~/utils/meta';

export default function EventsScreen() {
  return <ScreenPlaceholder screen="events" />;
}

export const meta: Route.MetaFunction = () => screenTitle('events');
