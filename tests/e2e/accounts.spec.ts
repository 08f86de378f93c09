import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { rutCheckDigit } from '../../contract/rut';
import { PRIVACY_POLICY_VERSION } from '../../contract/privacy-policy';
import { API_URL, DEMO_PASSWORD, demo, labels, signIn, submitLogin, ticketBody } from './fixtures';

/** The catalogue's messages, as the person reads them (contract/messages.ts). */
const msg = {
  firstNameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  rutRequired: 'El RUT es requerido',
  phoneRequired: 'El teléfono es requerido',
  emailRequired: 'El correo es requerido',
  passwordRequired: 'La contraseña es requerida',
  terms: 'You must agree to our terms and conditions',
  passwordMin: 'La clave debe ser de al menos 6 caracteres',
  passwordsEqual: 'Las contraseñas deben ser iguales',
  passwordTooCommon: 'Esa contraseña es de las más usadas y fácil de adivinar. Elija otra.',
  rutInvalid: 'El RUT no es válido',
  emailTaken: 'El correo ya se encuentra registrado',
  validationFailed: 'Revise los datos ingresados',
  registered: 'Su cuenta fue creada. ¡Bienvenido!',
  recoverSent: 'Si el correo está registrado, recibirá un enlace para crear una nueva contraseña. El enlace vale una hora.',
  resetLinkInvalid: 'El enlace para cambiar la contraseña no es válido o ya fue usado. Solicite uno nuevo.',
  passwordChanged: 'Su contraseña fue cambiada. Ingrese con la nueva contraseña.',
  accountSuspended: 'Su cuenta está suspendida. Contacte al administrador',
  profileCodeInvalid: 'Seleccione un tipo de usuario válido',
  userCreated: 'Usuario creado correctamente',
  userUpdated: 'Usuario actualizado correctamente',
  userNotUpdated: 'No fue posible actualizar el usuario',
  userDeleted: 'Usuario eliminado',
  userSuspended: 'Usuario suspendido',
  userReactivated: 'Usuario reactivado',
  cannotRemoveSelf: 'No puede eliminar ni suspender su propia cuenta',
};

const form = {
  firstName: 'Nombre',
  lastName: 'Apellido',
  rut: 'RUT',
  phone: 'Teléfono',
  password: 'Contraseña',
  passwordConfirm: 'Repita la contraseña',
  newPassword: 'Nueva contraseña',
  newPasswordConfirm: 'Repita la nueva contraseña',
  profileCode: 'Tipo de usuario',
};

/** Unique per test and project: the suite runs in parallel, twice, against one database. */
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const uniqueEmail = (label: string) => `${label}.${uid()}@correo.cl`;
/** A random valid RUT, shown as 12.345.678-5. */
function randomRut(): { typed: string; shown: string } {
  const body = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  const dv = rutCheckDigit(body);
  return { typed: `${body}-${dv}`, shown: `${body.toLocaleString('es-CL').replace(/,/g, '.')}-${dv}` };
}

/**
 * Each test is its own visitor: the API rate-limits sign-up and recovery per client
 * address, and the web server (trusting the e2e proxy header) forwards this one.
 */
const visitorAddress = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
async function asNewVisitor(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
}
test.beforeEach(async ({ context }) => asNewVisitor(context));

// ---------------------------------------------------------------- the API, straight

async function apiCall(method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${API_URL}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': visitorAddress(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null), headers: response.headers };
}

async function apiSignIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await apiCall('POST', '/api/auth', undefined, { email, password, providerId: 'email', tokenId: '' });
  expect(response.status, `sign-in of ${email}`).toBe(200);
  return response.headers.get('authorization')!.replace(/^Bearer /, '');
}

type Person = { email: string; password: string; firstName: string; lastName: string; rut: string; phone: string; uuid: string };

/** A fresh account made by the demo admin through the API. */
async function createPerson(profileCode = 'DRIVER'): Promise<Person> {
  const id = uid();
  const person = {
    email: uniqueEmail('persona'),
    password: 'clave-inicial',
    firstName: 'Prueba',
    lastName: `Persona ${id}`,
    rut: randomRut().typed,
    phone: '+56 9 8765 4321',
    profileCode,
  };
  const created = await apiCall('POST', '/api/profile/new', await apiSignIn(demo.admin), person);
  expect(created.status).toBe(201);
  // Accepted the privacy policy in force, so signing in goes straight on (the notice: privacy-notice.spec.ts).
  const consent = await apiCall('POST', '/api/privacy/consent', await apiSignIn(person.email, person.password), { version: PRIVACY_POLICY_VERSION });
  expect(consent.status).toBe(200);
  return { ...person, uuid: created.body.payload.uuid };
}

/** The reset link's token from the e2e API's outbox (.eml, quoted-printable). */
async function resetTokenMailedTo(email: string): Promise<string> {
  const outbox = path.join('.e2e-data', `api-${process.env.E2E_API_PORT ?? 4310}`, 'outbox');
  let token: string | null = null;
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        for (const name of files.sort().reverse()) {
          const mail = readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          if (!mail.includes(`To: ${email}`)) continue;
          token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? null;
          if (token) return token;
        }
        return null;
      },
      { timeout: 15_000, message: `a reset mail to ${email}` },
    )
    .not.toBeNull();
  return token!;
}

// ---------------------------------------------------------------- the browser

/**
 * Fills the sign-up form, terms ticked first: a message appearing when the last field loses
 * focus moves the layout under a click that follows it.
 */
async function fillRegister(page: Page, values: Partial<Record<'firstName' | 'lastName' | 'rut' | 'phone' | 'email' | 'password' | 'passwordConfirm', string>>) {
  await page.getByRole('checkbox', { name: labels.terms }).check();
  await page.getByRole('checkbox', { name: labels.privacy }).check();
  if (values.firstName !== undefined) await page.getByLabel(form.firstName, { exact: true }).fill(values.firstName);
  if (values.lastName !== undefined) await page.getByLabel(form.lastName, { exact: true }).fill(values.lastName);
  if (values.rut !== undefined) await page.getByLabel(form.rut, { exact: true }).fill(values.rut);
  if (values.phone !== undefined) await page.getByLabel(form.phone, { exact: true }).fill(values.phone);
  if (values.email !== undefined) await page.getByLabel(labels.email, { exact: true }).fill(values.email);
  if (values.password !== undefined) await page.getByLabel(form.password, { exact: true }).fill(values.password);
  if (values.passwordConfirm !== undefined) await page.getByLabel(form.passwordConfirm, { exact: true }).fill(values.passwordConfirm);
}

const registerButton = (page: Page) => page.getByRole('button', { name: 'Crear cuenta' });
const fieldError = (page: Page, label: string, message: string) =>
  expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

test.describe('sign-up', () => {
  test('creates a driver account and lands signed in on the driver dashboard', async ({ page }) => {
    const email = uniqueEmail('registro');
    await page.goto('/user/register');
    await fillRegister(page, {
      firstName: 'Marta',
      lastName: 'Conductora',
      rut: randomRut().shown,
      phone: '9 8765 4321',
      email,
      password: 'secreto-1',
      passwordConfirm: 'secreto-1',
    });
    await registerButton(page).click();
    await expect(page).toHaveURL(/\/driver\/dashboard$/);
    await expect(page.getByText(msg.registered)).toBeVisible();
    await expect(page.getByText('Marta Conductora').first()).toBeVisible();
  });

  test('says which fields are required', async ({ page }) => {
    await page.goto('/user/register');
    await registerButton(page).click();
    for (const text of [msg.firstNameRequired, msg.lastNameRequired, msg.rutRequired, msg.phoneRequired, msg.emailRequired, msg.passwordRequired, msg.terms]) {
      await expect(page.getByText(text, { exact: true }).last()).toBeVisible();
    }
    await expect(page).toHaveURL(/\/user\/register$/);
  });

  test('refuses different passwords, a short password and a bad RUT, keeping what was typed', async ({ page }) => {
    await page.goto('/user/register');
    await fillRegister(page, {
      firstName: 'Ana',
      lastName: 'Tipeo',
      rut: '12.345.678-9',
      phone: '+56 9 1111 2222',
      email: 'ana.tipeo@correo.cl',
      password: '12345',
      passwordConfirm: '12346',
    });
    await registerButton(page).click();
    await fieldError(page, form.password, msg.passwordMin);
    await fieldError(page, form.passwordConfirm, msg.passwordsEqual);
    await fieldError(page, form.rut, msg.rutInvalid);
    await expect(page.getByLabel(form.firstName, { exact: true })).toHaveValue('Ana');
    await expect(page.getByLabel(form.rut, { exact: true })).toHaveValue('12.345.678-9');
    await expect(page.getByLabel(labels.email, { exact: true })).toHaveValue('ana.tipeo@correo.cl');

    // Long enough now, but still different.
    await page.getByLabel(form.password, { exact: true }).fill('secreto-1');
    await page.getByLabel(form.passwordConfirm, { exact: true }).fill('secreto-2');
    await page.getByLabel(form.rut, { exact: true }).fill('12.345.678-5');
    await registerButton(page).click();
    await fieldError(page, form.passwordConfirm, msg.passwordsEqual);
    await expect(page.getByText(msg.passwordMin)).toHaveCount(0);
    await expect(page.getByText(msg.rutInvalid)).toHaveCount(0);
  });

  test('refuses an e-mail already registered, keeping every value, the passwords too (decision 174)', async ({ page }) => {
    await page.goto('/user/register');
    await fillRegister(page, {
      firstName: 'Juan',
      lastName: 'Repetido',
      rut: randomRut().shown,
      phone: '+56 9 1111 2222',
      email: demo.driver,
      password: 'secreto-1',
      passwordConfirm: 'secreto-1',
    });
    await registerButton(page).click();
    await fieldError(page, labels.email, msg.emailTaken);
    await expect(page).toHaveURL(/\/user\/register$/);
    await expect(page.getByLabel(form.lastName, { exact: true })).toHaveValue('Repetido');
    await expect(page.getByLabel(labels.email, { exact: true })).toHaveValue(demo.driver);
    await expect(page.getByLabel(form.password, { exact: true })).toHaveValue('secreto-1');
    await expect(page.getByLabel(form.passwordConfirm, { exact: true })).toHaveValue('secreto-1');
  });

  test('refuses one of the most common passwords beside its field, keeping the rest', async ({ page }) => {
    const email = uniqueEmail('comun');
    await page.goto('/user/register');
    await fillRegister(page, {
      firstName: 'Rosa',
      lastName: 'Común',
      rut: randomRut().shown,
      phone: '+56 9 1111 2222',
      email,
      password: 'Password1',
      passwordConfirm: 'Password1',
    });
    await registerButton(page).click();
    await fieldError(page, form.password, msg.passwordTooCommon);
    await expect(page).toHaveURL(/\/user\/register$/);
    await expect(page.getByLabel(labels.email, { exact: true })).toHaveValue(email);
  });

  test('a honeypot hidden from people catches bots and creates nothing', async ({ page }) => {
    await page.goto('/user/register');
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('textbox', { name: 'No complete este campo' })).toHaveCount(0);
    const email = uniqueEmail('bot');
    await fillRegister(page, {
      firstName: 'Bot',
      lastName: 'Automático',
      rut: randomRut().shown,
      phone: '+56 9 1111 2222',
      email,
      password: 'secreto-1',
      passwordConfirm: 'secreto-1',
    });
    await honeypot.fill('https://spam.example', { force: true });
    await registerButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: msg.validationFailed })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/register$/);
    const list = await apiCall('GET', `/api/user/list?q=${encodeURIComponent(email)}`, await apiSignIn(demo.admin));
    expect(list.body.payload.total).toBe(0);
  });
});

test.describe('password recovery', () => {
  test('answers the same for a known and an unknown address', async ({ page }) => {
    const known = await createPerson();
    const answers: string[] = [];
    for (const email of [known.email, uniqueEmail('nadie')]) {
      await page.goto('/user/recover-password');
      await page.getByLabel(labels.email).fill(email);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      const notice = page.getByRole('status').filter({ hasText: msg.recoverSent });
      await expect(notice).toBeVisible();
      answers.push((await notice.textContent()) ?? '');
    }
    expect(answers[0]).toBe(answers[1]);
  });

  test('checks the address before asking', async ({ page }) => {
    await page.goto('/user/recover-password');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText(msg.emailRequired).last()).toBeVisible();
  });

  test('a mailed link sets a new password once and ends the other sessions', async ({ page }) => {
    const person = await createPerson();
    const otherSession = await apiSignIn(person.email, person.password);

    await page.goto('/user/recover-password');
    await page.getByLabel(labels.email).fill(person.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText(msg.recoverSent)).toBeVisible();
    const token = await resetTokenMailedTo(person.email);

    const link = `/user/reset-password?token=${token}`;
    await page.goto(link);
    await expect(page.locator('input[type="hidden"][name="token"]')).toHaveValue(token);
    // The rules first: short, then different.
    await page.getByLabel(form.newPassword, { exact: true }).fill('corta');
    await page.getByLabel(form.newPasswordConfirm, { exact: true }).fill('otra');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await fieldError(page, form.newPassword, msg.passwordMin);
    await fieldError(page, form.newPasswordConfirm, msg.passwordsEqual);

    await page.getByLabel(form.newPassword, { exact: true }).fill('nueva-clave-1');
    await page.getByLabel(form.newPasswordConfirm, { exact: true }).fill('nueva-clave-1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
    await expect(page.getByText(msg.passwordChanged)).toBeVisible();

    // Every other session ended; the new password works.
    expect((await apiCall('GET', '/api/user/me', otherSession)).status).toBe(401);
    await submitLogin(page, person.email, 'nueva-clave-1');
    await expect(page).toHaveURL(/\/driver\/dashboard$/);

    // The link is spent.
    await page.goto(link);
    await page.getByLabel(form.newPassword, { exact: true }).fill('otra-clave-2');
    await page.getByLabel(form.newPasswordConfirm, { exact: true }).fill('otra-clave-2');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText(msg.resetLinkInvalid)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute('href', '/user/recover-password');
  });

  test('a broken link says so at once, with a way to ask for a new one', async ({ page }) => {
    await page.goto('/user/reset-password?token=corto');
    await expect(page.getByText(msg.resetLinkInvalid)).toBeVisible();
    await expect(page.getByLabel(form.newPassword, { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).click();
    await expect(page).toHaveURL(/\/user\/recover-password$/);
  });
});

// ---------------------------------------------------------------- the admin's users screen

const usersRow = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

async function searchUsers(page: Page, q: string) {
  await page.getByLabel('Nombre, correo o RUT').fill(q);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

test.describe('users administration', () => {
  test.beforeEach(async ({ page }) => signIn(page, demo.admin));

  test('lists users in a table, with search and filters in a shareable address', async ({ page }) => {
    await page.getByRole('link', { name: 'Usuarios' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    for (const header of ['Nombre', 'Correo electrónico', 'RUT', 'Teléfono', 'Tipo de usuario', 'Estado', 'Acciones']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(10);

    // By name, then by RUT as people type it.
    await searchUsers(page, 'Carolina');
    await expect(usersRow(page, demo.operator)).toBeVisible();
    await expect(usersRow(page, demo.operator)).toContainText('13.579.246-2');
    await expect(usersRow(page, demo.operator)).toContainText('+56 9 3333 3333');
    await expect(usersRow(page, demo.operator)).toContainText('Operador');
    await expect(usersRow(page, demo.operator)).toContainText('Activo');
    await searchUsers(page, '13.579.246-2');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(usersRow(page, demo.operator)).toBeVisible();

    // The address alone reproduces a filtered list.
    await page.goto('/admin/users?profileCode=INSPECTOR&status=ACTIVE');
    await expect(page.getByLabel('Tipo de usuario')).toHaveValue('INSPECTOR');
    await expect(usersRow(page, demo.inspector)).toBeVisible();
    for (const type of await page.locator('tbody tr td:nth-child(5)').allTextContents()) expect(type).toBe('Inspector Fiscal');

    await page.getByLabel('Tipo de usuario').selectOption('DRIVER');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/profileCode=DRIVER/);
    await expect(usersRow(page, demo.inspector)).toHaveCount(0);
    await page.getByRole('link', { name: 'Limpiar filtros' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test('pages through the list with plain links', async ({ page }) => {
    // The five demo people, two a page, by last name: a set no other test changes.
    await page.goto('/admin/users?q=concesion.demo&size=2');
    await expect(page.getByText('Página 1 de 3', { exact: true })).toBeVisible();
    await expect(page.locator('tbody tr th')).toHaveText(['Rodrigo Fuentes', 'Patricio Lagos']);
    await expect(page.getByText('Anterior', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/\?q=concesion\.demo&size=2&page=1$/);
    await expect(page.getByText('Página 2 de 3', { exact: true })).toBeVisible();
    await expect(page.locator('tbody tr th')).toHaveText(['Juan Pérez', 'Carolina Reyes']);
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await expect(page.locator('tbody tr th')).toHaveText([/^Andrea Valdés/]);
    await expect(page.getByText('Siguiente', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('link', { name: 'Anterior' }).click();
    await expect(page).toHaveURL(/page=1$/);
    // An address past the end (an old link, the last user of a page deleted) shows the last page.
    await page.goto('/admin/users?q=concesion.demo&size=2&page=9');
    await expect(page).toHaveURL(/size=2&page=2$/);
    await expect(page.getByText('Página 3 de 3', { exact: true })).toBeVisible();
  });

  test('creates a user of a chosen type, then edits it; an empty password keeps the old one', async ({ page }) => {
    const email = uniqueEmail('staff');
    const lastName = `Staff ${uid()}`;
    const rut = randomRut();
    // The assignee choices of an event come from a list the web process keeps for 30 s; an
    // account changed through it forgets that list at once (app/server/api/reference-data.server.ts).
    const admin = await apiSignIn(demo.admin);
    const ticketId = (await apiCall('POST', '/api/ticket', admin, ticketBody())).body.payload.id;
    const assigneeChoices = async () => {
      await page.goto(`/admin/events/${ticketId}`);
      const options = page.getByLabel('Asignar a').locator('option');
      await expect(options.first()).toBeAttached();
      return options.allTextContents();
    };
    expect(await assigneeChoices()).not.toContain(`Sofía ${lastName}`);
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Crear usuario' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/new/);
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    for (const text of [msg.firstNameRequired, msg.emailRequired, msg.profileCodeInvalid, msg.passwordRequired]) {
      await expect(page.getByText(text, { exact: true }).last()).toBeVisible();
    }

    await page.getByLabel(form.firstName, { exact: true }).fill('Sofía');
    await page.getByLabel(form.lastName, { exact: true }).fill(lastName);
    await page.getByLabel(form.rut, { exact: true }).fill(rut.typed);
    await page.getByLabel(form.phone, { exact: true }).fill('+56 2 2345 6789');
    await page.getByLabel(labels.email, { exact: true }).fill(email);
    await page.getByLabel(form.profileCode).selectOption('SUPERVISOR');
    await page.getByLabel(form.password, { exact: true }).fill('clave-staff');
    await page.getByLabel(form.passwordConfirm, { exact: true }).fill('clave-staff');
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByText(msg.userCreated)).toBeVisible();

    await searchUsers(page, email);
    const row = usersRow(page, email);
    await expect(row).toContainText(`Sofía ${lastName}`);
    await expect(row).toContainText('Supervisor');
    await expect(row).toContainText(rut.shown);
    expect(await assigneeChoices()).toContain(`Sofía ${lastName}`);
    await page.goto('/admin/users');
    await searchUsers(page, email);

    await usersRow(page, email).getByRole('link', { name: /^Editar/ }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/edit\?from=/);
    await expect(page.getByLabel(form.rut, { exact: true })).toHaveValue(rut.shown);
    await expect(page.getByLabel(form.profileCode)).toHaveValue('SUPERVISOR');
    await page.getByLabel(form.firstName, { exact: true }).fill('Sofía Andrea');
    await page.getByLabel(form.profileCode).selectOption('OPERATOR');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    // Back to the list as it was left (the search kept), with the catalogue's message.
    await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=`));
    await expect(page.getByText(msg.userUpdated)).toBeVisible();
    await expect(usersRow(page, email)).toContainText(`Sofía Andrea ${lastName}`);
    await expect(usersRow(page, email)).toContainText('Operador');
    const choices = await assigneeChoices();
    expect(choices).toContain(`Sofía Andrea ${lastName}`);
    expect(choices).not.toContain(`Sofía ${lastName}`);

    // The password was left empty: the old one still signs in, and me reflects the edit.
    const token = await apiSignIn(email, 'clave-staff');
    const me = await apiCall('GET', '/api/user/me', token);
    expect(me.body.payload.userProfileDto).toMatchObject({ nickName: `Sofía Andrea ${lastName}`, groups: [{ code: 'OPERATOR' }] });
  });

  test('an e-mail already registered is refused on create and on edit', async ({ page }) => {
    await page.goto('/admin/users/new');
    await page.getByLabel(form.firstName, { exact: true }).fill('Otra');
    await page.getByLabel(form.lastName, { exact: true }).fill('Carolina');
    await page.getByLabel(form.rut, { exact: true }).fill(randomRut().typed);
    await page.getByLabel(form.phone, { exact: true }).fill('+56 9 1111 2222');
    await page.getByLabel(labels.email, { exact: true }).fill(demo.operator);
    await page.getByLabel(form.profileCode).selectOption('OPERATOR');
    await page.getByLabel(form.password, { exact: true }).fill('clave-staff');
    await page.getByLabel(form.passwordConfirm, { exact: true }).fill('clave-staff');
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    await fieldError(page, labels.email, msg.emailTaken);
    await expect(page.getByLabel(form.lastName, { exact: true })).toHaveValue('Carolina');
    // The error is not about the password: it stays (decision 174).
    await expect(page.getByLabel(form.password, { exact: true })).toHaveValue('clave-staff');

    const person = await createPerson('INSPECTOR');
    await page.goto(`/admin/users/${person.uuid}/edit`);
    await page.getByLabel(labels.email, { exact: true }).fill(demo.supervisor);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('alert').filter({ hasText: msg.userNotUpdated })).toBeVisible();
    await fieldError(page, labels.email, msg.emailTaken);
    await expect(page.getByLabel(form.firstName, { exact: true })).toHaveValue(person.firstName);
  });

  test('suspending ends the live session at its next navigation; reactivating lets the user back in', async ({ page, browser, baseURL }, testInfo) => {
    const person = await createPerson();
    const other = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    await asNewVisitor(other);
    const theirs = await other.newPage();
    await signIn(theirs, person.email, person.password);
    await expect(theirs).toHaveURL(/\/driver\/dashboard$/);

    await page.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);
    await usersRow(page, person.email).getByRole('button', { name: `Suspender a ${person.firstName} ${person.lastName}` }).click();
    await expect(page.getByText(msg.userSuspended)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(person.email).replace(/\./g, '\\.')}`));
    await expect(usersRow(page, person.email)).toContainText('Suspendido');

    await theirs.goto('/driver/events');
    await expect(theirs).toHaveURL(/\/user\/login/);
    await submitLogin(theirs, person.email, person.password);
    await expect(theirs.getByRole('alert').filter({ hasText: msg.accountSuspended })).toBeVisible();

    await usersRow(page, person.email).getByRole('button', { name: /^Reactivar/ }).click();
    await expect(page.getByText(msg.userReactivated)).toBeVisible();
    await expect(usersRow(page, person.email)).toContainText('Activo');
    await signIn(theirs, person.email, person.password);
    await expect(theirs).toHaveURL(/\/driver\/dashboard$/);
    await other.close();
  });

  test('deletes a user after a confirmation page; their tickets keep their name', async ({ page }) => {
    const person = await createPerson();
    const name = `${person.firstName} ${person.lastName}`;
    // The person reports a ticket before being deleted.
    const theirToken = await apiSignIn(person.email, person.password);
    const classifications = await apiCall('GET', '/api/ticket/category', theirToken);
    const ticket = await apiCall('POST', '/api/ticket', theirToken, {
      description: 'Bache profundo en la calzada',
      kilometer: '23,5',
      sector: 'Curacaví Oriente',
      commune: 'Curacaví',
      orientation: 'NORTH_SOUTH',
      dateEvent: new Date(Date.now() - 3_600_000).toISOString(),
      classificationId: classifications.body.payload[0].id,
      fullName: name,
      phone: person.phone,
      rut: person.rut,
    });
    expect(ticket.status).toBe(201);

    await page.goto(`/admin/users?q=${encodeURIComponent(person.email)}`);
    // Cancelling changes nothing.
    await usersRow(page, person.email).getByRole('link', { name: `Eliminar a ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `¿Eliminar a ${name}?` })).toBeVisible();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await expect(usersRow(page, person.email)).toBeVisible();

    await usersRow(page, person.email).getByRole('link', { name: `Eliminar a ${name}` }).click();
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(msg.userDeleted)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users\?q=/);
    await expect(usersRow(page, person.email)).toHaveCount(0);

    // Gone for signing in, kept on what they touched.
    expect((await apiCall('GET', '/api/user/me', theirToken)).status).toBe(401);
    const admin = await apiSignIn(demo.admin);
    const history = await apiCall('GET', `/api/ticket/${ticket.body.payload.id}/history`, admin);
    expect(history.status).toBe(200);
    expect(history.body.payload[0].actorName).toBe(name);
  });

  test('an admin can neither suspend nor delete their own account', async ({ page }) => {
    const me = await apiCall('GET', '/api/user/me', await apiSignIn(demo.admin));
    const ownId = me.body.payload.userProfileDto.id as string;
    await page.goto(`/admin/users?q=${encodeURIComponent(demo.admin)}`);
    const row = usersRow(page, demo.admin);
    await expect(row).toContainText('(usted)');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(row.getByRole('link', { name: /^Eliminar/ })).toHaveCount(0);

    // Reached by its address anyway, the API refuses and the list says why.
    await page.goto(`/admin/users/${ownId}/delete`);
    await page.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(msg.cannotRemoveSelf)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});

test.describe('users screen for other roles', () => {
  for (const role of ['operator', 'supervisor', 'inspector', 'driver'] as const) {
    test(`${role}: /admin/users is not found`, async ({ page }) => {
      await signIn(page, demo[role]);
      for (const url of ['/admin/users', '/admin/users/new']) {
        const response = await page.goto(url);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(/no encontrada/i);
      }
    });
  }
});
