import { FOOTER_NOTIFICATIONS, renderMail, type RenderedMail } from './layout';

/**
 * A deadline's notice (decision 182): the warning before a breach to whoever has the event, or the breach of
 * the first answer to the supervisors. Urgent, so it goes at once on its own rather than in the held digest of
 * decision 165. Only fixed texts, the folio, the deadline's instant and the time left: nothing a person typed.
 */
export function deadlineNoticeTemplate(input: {
  /** The notification's sentence (contract/messages.ts, notify*): has the folio and the time left. */
  title: string;
  folio: string;
  /** Which deadline: "primera respuesta" or "resolución". */
  deadline: string;
  /** The deadline, already written in Chile's time. */
  due: string;
  /** The time left ("3 h hábiles"); null once it passed. */
  left: string | null;
  link: string;
}): RenderedMail {
  return renderMail({
    subject: input.title,
    blocks: [
      { kind: 'p', text: `${input.title}.` },
      {
        kind: 'facts',
        items: [
          { label: 'Evento', value: input.folio },
          { label: 'Plazo', value: input.deadline },
          { label: 'Vence', value: `${input.due} (hora de Chile)` },
          ...(input.left ? [{ label: 'Tiempo restante', value: input.left }] : []),
        ],
      },
      {
        kind: 'p',
        text: input.left
          ? 'El plazo se cuenta en el calendario de la clasificación del evento y se detiene mientras está en espera.'
          : 'El plazo venció sin una respuesta pública del equipo. Revise quién lo tiene y responda cuanto antes.',
      },
      { kind: 'link', label: `Ver el evento ${input.folio}`, href: input.link },
    ],
    footer: FOOTER_NOTIFICATIONS,
  });
}
