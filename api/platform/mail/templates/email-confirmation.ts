import { FOOTER_ACCOUNT, renderMail, type RenderedMail } from './layout';

/** The sign-up's (or "Reenviar confirmación"'s) link to confirm the address (decision 135). */
export function emailConfirmationTemplate(input: { fullName: string; link: string }): RenderedMail {
  return renderMail({
    subject: 'Confirme su correo',
    blocks: [
      { kind: 'p', text: `Hola ${input.fullName}:` },
      {
        kind: 'p',
        text: 'Su cuenta de Atención de usuarios fue creada. Para recibir también por correo los avisos de sus eventos, confirme esta dirección abriendo este enlace:',
      },
      { kind: 'link', label: 'Confirmar mi correo', href: input.link },
      { kind: 'p', text: 'El enlace vale 48 horas y sirve una sola vez. Si usted no creó esta cuenta, ignore este correo: no le enviaremos otros.' },
    ],
    footer: FOOTER_ACCOUNT,
  });
}
