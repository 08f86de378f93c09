/**
 * The one layout of every e-mail the product sends (decision 164): an HTML part that reads well in a
 * phone's mail app (one column, no fixed widths, 16 px text, long words and links wrap) and the same
 * content as plain text. Each message is a template of its own in this folder, built from the blocks
 * below; only `escapeHtml`d text reaches the HTML, and no text that came from a person (a comment, a
 * name) ever reaches a header: subjects are made of fixed texts and folios.
 */

/** The name the mails go out in (the From address's display name is MAIL_FROM's, api/config.ts). */
export const CONCESSION_NAME = 'Concesión Vial';

export type MailBlock =
  /** A paragraph of fixed text (may hold a folio or a name: it is escaped all the same). */
  | { kind: 'p'; text: string }
  /** What a person wrote (an answer, a closing message): quoted, line breaks kept. */
  | { kind: 'quote'; label: string; text: string }
  /** Label and value pairs (Motivo de cierre: Resuelto). */
  | { kind: 'facts'; items: readonly { label: string; value: string }[] }
  /** A link shown as a button; the plain text part shows the address. */
  | { kind: 'link'; label: string; href: string }
  /** A heading within the message (one event among several). */
  | { kind: 'h'; text: string }
  /** A bulleted list of fixed texts. */
  | { kind: 'list'; items: readonly string[] };

export type RenderedMail = { subject: string; text: string; html: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text for element content and quoted attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A header value made of one line: no CR/LF (or other control character) can start a header of its own. */
export const headerText = (value: string): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 200);

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'p':
      return `<p style="margin:0 0 16px;${WRAP}">${escapeHtml(block.text)}</p>`;
    case 'h':
      return `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3;${WRAP}">${escapeHtml(block.text)}</h2>`;
    case 'quote':
      return (
        `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(block.label)}</p>` +
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #0b5394;background:#f1f5fa;white-space:pre-wrap;${WRAP}">${escapeHtml(block.text)}</blockquote>`
      );
    case 'facts':
      return `<p style="margin:0 0 16px;${WRAP}">${block.items.map((f) => `<strong>${escapeHtml(f.label)}:</strong> ${escapeHtml(f.value)}`).join('<br>')}</p>`;
    case 'link':
      if (!block.href) return '';
      return (
        `<p style="margin:8px 0 20px"><a href="${escapeHtml(block.href)}" style="display:inline-block;max-width:100%;box-sizing:border-box;padding:12px 20px;` +
        `background:#0b5394;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;${WRAP}">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:14px;color:#444444;${WRAP}">${escapeHtml(block.href)}</p>`
      );
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px">${block.items.map((i) => `<li style="margin:0 0 6px;${WRAP}">${escapeHtml(i)}</li>`).join('')}</ul>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'p':
      return block.text;
    case 'h':
      return `== ${block.text} ==`;
    case 'quote':
      return `${block.label}:\n${block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')}`;
    case 'facts':
      return block.items.map((f) => `${f.label}: ${f.value}`).join('\n');
    case 'link':
      return block.href ? `${block.label}: ${block.href}` : '';
    case 'list':
      return block.items.map((i) => `- ${i}`).join('\n');
  }
}

/** The message in both parts, in the concession's name, with the reason the person gets it at the foot. */
export function renderMail(input: { subject: string; blocks: readonly MailBlock[]; footer: string }): RenderedMail {
  const subject = headerText(input.subject);
  const text = [`${CONCESSION_NAME}`, '', ...input.blocks.map(blockText).flatMap((t) => [t, '']), '--', input.footer, ''].join('\n');
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;color:#1a1a1a;${FONT};font-size:16px;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:16px;box-sizing:border-box">
<div style="background:#0b5394;color:#ffffff;padding:12px 16px;font-size:18px;font-weight:bold;border-radius:6px 6px 0 0">${escapeHtml(CONCESSION_NAME)}</div>
<div style="background:#ffffff;padding:20px 16px;border-radius:0 0 6px 6px">
${input.blocks.map(blockHtml).join('\n')}
</div>
<p style="margin:16px 0 0;font-size:14px;color:#555555;${WRAP}">${escapeHtml(input.footer)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

/** The foot of every mail: why this person gets it, and that nobody reads answers to it. */
export const FOOTER_NOTIFICATIONS = `Recibe este correo por eventos en los que participa en la atención de usuarios de ${CONCESSION_NAME}. No responda a este correo: nadie lo lee; escríbanos desde el evento.`;
export const FOOTER_ACCOUNT = `Correo de su cuenta de atención de usuarios de ${CONCESSION_NAME}. No responda a este correo: nadie lo lee.`;
