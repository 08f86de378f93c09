import type { Route } from './+types/recovery-codes';
import { readAuth, requestSession } from '~/server/auth/session.server';

/** A recovery code as the API makes them ("abcd-efgh"; api/domain/accounts/two-step.ts). */
const RECOVERY_CODE = /^[a-z0-9]{4}-[a-z0-9]{4}$/;
const MAX_CODES = 20;

/** The file's text: what the codes are for, then one a line. */
export function recoveryCodesText(codes: readonly string[], date = new Date()): string {
  return [
    'Códigos de recuperación: verificación en dos pasos',
    `Generados el ${date.toISOString().slice(0, 10)}. Cada código sirve una sola vez para ingresar si pierde el teléfono.`,
    'Guárdelos en un lugar seguro.',
    '',
    ...codes,
    '',
  ].join('\r\n');
}

/**
 * "Descargar (.txt)" of the recovery codes just shown (decision 172): the page's plain form posts them here
 * and gets them back as a text/plain attachment, with or without JavaScript. The server keeps no copy (only
 * hashes exist), so the codes travel in the request's body, never in an address; only a signed-in person may
 * ask, and nothing but well-formed codes is written back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requestSession(request, context);
  if (!readAuth(session)) return new Response('No autorizado', { status: 401, headers: { 'Cache-Control': 'no-store' } });
  const form = await request.formData();
  const codes = form
    .getAll('code')
    .map(String)
    .filter((code) => RECOVERY_CODE.test(code))
    .slice(0, MAX_CODES);
  if (codes.length === 0) return new Response('Sin códigos', { status: 400, headers: { 'Cache-Control': 'no-store' } });
  return new Response(recoveryCodesText(codes), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': 'attachment; filename="codigos-de-recuperacion.txt"',
      'Cache-Control': 'no-store, no-transform',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Only posted to: an address typed goes back to the sign-in. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
