import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/register';
import { PublicPage } from '~/components/public-page';
import { i18n } from '~/i18n/config';
import { getI18n } from '~/i18n/middleware.server';
import { pageTitle } from '~/utils/meta';

/** The fields of POST /api/profile/new a driver fills in; the accounts issue completes the flow. */
const FIELDS = [
  { name: 'firstName', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'rut', type: 'text', autoComplete: 'off' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'passwordConfirm', type: 'password', autoComplete: 'new-password' },
] as const;

export function action({ context }: Route.ActionArgs) {
  return data({ notice: getI18n(context).t('auth:comingSoon') }, { status: 501 });
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  return (
    <PublicPage title={t('register.title')} intro={t('register.intro')}>
      <Form method="post" noValidate className="form-stack">
        {actionData?.notice ? <Alert severity="info">{actionData.notice}</Alert> : null}
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`register-${field.name}`}
            name={field.name}
            type={field.type}
            label={t(`register.${field.name}`)}
            autoComplete={field.autoComplete}
            fullWidth
            slotProps={{ htmlInput: { required: true } }}
          />
        ))}
        <Button type="submit" variant="contained" size="large" fullWidth>
          {t('register.submit')}
        </Button>
      </Form>
      <nav className="public-links">
        <span>
          {t('register.haveAccount')} <Link to="/user/login">{t('backToLogin')}</Link>
        </span>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('auth:register.title'));
