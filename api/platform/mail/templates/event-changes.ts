import { FOOTER_NOTIFICATIONS, renderMail, type MailBlock, type RenderedMail } from './layout';

/**
 * The notification e-mail (decisions 163 and 165): every change held for one person in the hold
 * window (api/domain/notifications/digest.ts) goes out as this one message, grouped by event. A
 * single change is told on its own; several list each with what it said. The facts are stored
 * with the held mail (mail_digest_item.detail) and rendered here when it goes.
 */
export type HeldChange = {
  /** The event's folio; null for a change that is not about an event (a privacy request's answer). */
  folio: string | null;
  /** Where the person sees it, in their own area. */
  link: string;
  /** The notification's sentence (contract/messages.ts, notify*): has the folio. */
  title: string;
  /** A comment's text, only to people allowed to see it (a note goes to staff only: notifier.ts, staffOnly). */
  comment?: { text: string; by: 'STAFF' | 'DRIVER'; internal: boolean };
  /** The closing's reason (its label) and the message to the driver that went with it. */
  closure?: { reason: string; message: string | null };
  /** An answer to a privacy request: its text. */
  answer?: string;
};

/** Changes a mail lists; the rest are counted. */
const MAX_CHANGES = 50;

const commentLabel = (c: NonNullable<HeldChange['comment']>) =>
  c.internal ? 'Nota interna del equipo' : c.by === 'STAFF' ? 'Respuesta del equipo de la concesión' : 'Comentario del usuario';

function changeBlocks(change: HeldChange): MailBlock[] {
  return [
    { kind: 'p', text: `${change.title}.` },
    ...(change.comment ? [{ kind: 'quote', label: commentLabel(change.comment), text: change.comment.text } as const] : []),
    ...(change.closure ? [{ kind: 'facts', items: [{ label: 'Motivo de cierre', value: change.closure.reason }] } as const] : []),
    ...(change.closure?.message ? [{ kind: 'quote', label: 'Mensaje de cierre', text: change.closure.message } as const] : []),
    ...(change.answer ? [{ kind: 'quote', label: 'Respuesta', text: change.answer } as const] : []),
  ];
}

const linkLabel = (change: HeldChange) => (change.folio ? `Ver el evento ${change.folio}` : 'Ver la respuesta');

/** One mail for the changes, oldest first. */
export function eventChangesMail(changes: readonly HeldChange[]): RenderedMail {
  if (changes.length === 1) {
    const change = changes[0]!;
    return renderMail({
      subject: change.title,
      blocks: [...changeBlocks(change), { kind: 'link', label: linkLabel(change), href: change.link }],
      footer: FOOTER_NOTIFICATIONS,
    });
  }
  const listed = changes.slice(0, MAX_CHANGES);
  const rest = changes.length - listed.length;
  // Grouped by event, in the order each first changed.
  const groups = new Map<string, HeldChange[]>();
  for (const change of listed) {
    const key = change.folio ?? '';
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  const folios = [...new Set(changes.map((c) => c.folio).filter((f): f is string => f !== null))];
  const subject =
    folios.length === 1 && groups.size === 1
      ? `Novedades en el evento ${folios[0]} (${changes.length})`
      : folios.length === 0
        ? `Novedades en su cuenta (${changes.length})`
        : `Novedades en sus eventos ${folios.slice(0, 3).join(', ')}${folios.length > 3 ? ` y ${folios.length - 3} más` : ''} (${changes.length})`;
  const blocks: MailBlock[] = [{ kind: 'p', text: 'Desde nuestro último correo hubo estas novedades:' }];
  for (const [folio, own] of groups) {
    if (groups.size > 1) blocks.push({ kind: 'h', text: folio ? `Evento ${folio}` : 'Su cuenta' });
    for (const change of own) blocks.push(...changeBlocks(change));
    blocks.push({ kind: 'link', label: linkLabel(own.at(-1)!), href: own.at(-1)!.link });
  }
  if (rest > 0) blocks.push({ kind: 'p', text: `Y ${rest} novedades más: véalas en la aplicación.` });
  return renderMail({ subject, blocks, footer: FOOTER_NOTIFICATIONS });
}

/** A change held before the changes had facts (a row from before migration 0022): its sentence and link. */
export const changeFromLine = (line: string): HeldChange => {
  const at = line.lastIndexOf(': http');
  return at > 0 ? { folio: null, title: line.slice(0, at), link: line.slice(at + 2) } : { folio: null, title: line, link: '' };
};
