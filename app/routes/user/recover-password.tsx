import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/recover-password';
import { EMAIL_MAX } from '@contract/auth';
import { PublicPage } from '~/components/public-page';
import { i18n } from '~/i18n/config';
import { getI18n } from '~/i18n/middleware.server';
import { pageTitle } from '~/utils/meta';

/** The accounts issue sends GET /api/profile/forgotten/{email}; until then the form answers that it is coming. */
export function action({ context }: Route.ActionArgs) {
  return data({ notice: getI18n(context).t('auth:comingSoon') }, { status: 501 });
}

export default function RecoverPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  return (
    <PublicPage title={t('recover.title')} intro={t('recover.intro')}>
      <Form method="post" noValidate className="form-stack">
        {actionData?.notice ? <Alert severity="info">{actionData.notice}</Alert> : null}
        <TextField
          id="recover-email"
          name="email"
          type="email"
          label={t('recover.email')}
          autoComplete="email"
          fullWidth
          slotProps={{ htmlInput: { required: true, maxLength: EMAIL_MAX } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth>
          {t('recover.submit')}
        </Button>
      </Form>
      <nav className="public-links">
        <Link to="/user/login">{t('backToLogin')}</Link>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('auth:recover.title'));
