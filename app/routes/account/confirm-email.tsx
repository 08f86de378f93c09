import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/confirm-email';
import { messages } from '@contract/messages';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { PublicPage } from '~/components/shell/public-page';
import { i18n, registerNamespace } from '~/i18n/config';
import { AREA_BY_ROLE, LOGIN_PATH } from '~/navigation/screens';
import { createApiClient } from '~/server/api/api-client.server';
import { readAuth, requestSession } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';
import { useT } from '~/hooks/use-t';
import { auth as authTexts } from '~/locales/es/auth';

registerNamespace('auth', authTexts);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

/** The e-mailed token's shape (the API's confirmEmailSchema); anything else is a broken link. */
const tokenShape = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The link of the confirmation e-mail (docs/decisions/135-mail-that-cannot-be-abused.md). Opening it
 * confirms nothing: a mail scanner following links would. The page shows a button that POSTs the
 * token; it works signed in or not, on any device.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const auth = readAuth(await requestSession(request, context));
  return {
    token,
    linkError: tokenShape.test(token) ? null : messages.emailConfirmationInvalid,
    profilePath: auth ? `/${AREA_BY_ROLE[auth.user.role]}/profile` : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  if (!tokenShape.test(token)) return data({ confirmed: null, linkError: messages.emailConfirmationInvalid }, { status: 400 });
  const session = await requestSession(request, context);
  const confirmed = await createApiClient(request, session, null).call('POST', '/api/profile/confirm-email', { body: { token } });
  if (!confirmed.ok) return data({ confirmed: null, linkError: confirmed.fields.token ?? confirmed.message }, { status: confirmed.status });
  return { confirmed: messages.emailConfirmed, linkError: null };
}

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('auth');
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/user/confirm-email') === true;
  const linkError = actionData?.linkError ?? loaderData.linkError;
  const confirmed = actionData?.confirmed ?? null;
  const next = loaderData.profilePath ? (
    <ButtonLink to={loaderData.profilePath} variant="contained" size="large" fullWidth>
      {t('confirmEmail.toProfile')}
    </ButtonLink>
  ) : (
    <ButtonLink to={LOGIN_PATH} variant="contained" size="large" fullWidth>
      {t('login.submit')}
    </ButtonLink>
  );

  return (
    <PublicPage title={t('confirmEmail.title')} intro={linkError || confirmed ? undefined : t('confirmEmail.intro')}>
      {confirmed || linkError ? (
        <div className="form-stack">
          <Alert severity={confirmed ? 'success' : 'error'}>{confirmed ?? linkError}</Alert>
          {next}
        </div>
      ) : (
        <Form method="post" noValidate className="form-stack">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
            {submitting ? t('confirmEmail.submitting') : t('confirmEmail.submit')}
          </Button>
        </Form>
      )}
      <nav className="public-links">
        <Link to={LOGIN_PATH}>{t('backToLogin')}</Link>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('auth:confirmEmail.title'));
