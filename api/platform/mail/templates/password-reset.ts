import { FOOTER_ACCOUNT, renderMail, type RenderedMail } from './layout';

/** The single-use link to a new password (api/domain/accounts/password-reset.ts). */
export function passwordResetTemplate(input: { fullName: string; link: string }): RenderedMail {
  return renderMail({
    subject: 'Cambio de contraseña',
    blocks: [
      { kind: 'p', text: `Hola ${input.fullName}:` },
      { kind: 'p', text: 'Recibimos una solicitud para cambiar la contraseña de su cuenta. Para crear una nueva, abra este enlace:' },
      { kind: 'link', label: 'Crear una nueva contraseña', href: input.link },
      { kind: 'p', text: 'El enlace vale una hora y sirve una sola vez. Si usted no lo pidió, ignore este correo: su contraseña no cambia.' },
    ],
    footer: FOOTER_ACCOUNT,
  });
}
