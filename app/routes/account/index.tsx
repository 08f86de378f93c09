import { redirect } from 'react-router';
import { LOGIN_PATH } from '~/navigation/screens';

/** /user opens the login screen (docs/specification.md, "Public routes"). */
export function loader() {
  throw redirect(LOGIN_PATH);
}
