import { redirect } from 'react-router';
import { LOGIN_PATH } from '~/navigation';

/** /user opens the login screen (section 2). */
export function loader() {
  throw redirect(LOGIN_PATH);
}
