import { FOOTER_ACCOUNT, renderMail, type RenderedMail } from './layout';

/**
 * The receipt of a new report (issue 32, api/domain/notifications/receipt.ts): proof for the reporter
 * that it arrived, with its folio, what happens next and the deadline. The folio, the category and the
 * date are the only data in it besides the name.
 */
export function receiptTemplate(input: {
  folio: string;
  fullName: string | null;
  kind: string;
  classification: string;
  /** The deadline, already written in Chile's time. */
  due: string;
  /** The report's page for a driver; null for someone staff recorded for (no account to look in). */
  eventLink: string | null;
}): RenderedMail {
  const next = input.eventLink
    ? 'Qué sigue: el equipo de la concesión lo revisa y lo asigna a quien corresponda; le avisaremos cada vez que cambie de estado.'
    : 'Qué sigue: el equipo de la concesión lo revisa y lo asigna a quien corresponda. Si necesitamos más información, le contactaremos con los datos que nos dejó; para consultar su estado, indique el folio.';
  return renderMail({
    subject: `Recibimos su reporte ${input.folio}`,
    blocks: [
      { kind: 'p', text: input.fullName ? `Hola ${input.fullName}:` : 'Hola:' },
      { kind: 'p', text: `Su reporte quedó registrado con el folio ${input.folio} (${input.kind}: ${input.classification}).` },
      { kind: 'p', text: next },
      {
        kind: 'p',
        text: `Plazo de respuesta: hasta el ${input.due} (hora de Chile). El plazo se detiene mientras esperamos información suya o de terceros.`,
      },
      ...(input.eventLink ? [{ kind: 'link', label: 'Ver su reporte', href: input.eventLink } as const] : []),
      { kind: 'p', text: 'Guarde este correo: el folio identifica su reporte en cualquier consulta.' },
    ],
    footer: FOOTER_ACCOUNT,
  });
}
