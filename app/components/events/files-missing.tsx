import { formatMessage, messages } from '@contract/messages';
import { Alert } from '~/components/ui/alert';

/** The event page's attach form: the anchor the "adjúntela aquí" link goes to. */
export const ATTACH_FORM_ID = 'adjuntar';

/** The query that says the new event's files did not arrive (app/routes/events/new.tsx sets it). */
export const FILES_MISSING_PARAM = 'archivos=pendientes';

/** Whether an event page's address says that its files did not arrive. */
export function filesMissingIn(url: URL): boolean {
  const [name, value] = FILES_MISSING_PARAM.split('=');
  return url.searchParams.get(name!) === value;
}

/**
 * "Su reporte I-2026-000123 quedó registrado; la foto no llegó: adjúntela aquí" (issue 32): the
 * event exists once, and the link leads to the form where its photos can be sent again.
 */
export function FilesMissingNotice({ folio }: { folio: string }) {
  return (
    <Alert severity="error" className="files-missing">
      {formatMessage(messages.ticketCreatedFilesMissing, { folio })} <a href={`#${ATTACH_FORM_ID}`}>{messages.ticketCreatedFilesMissingLink}</a>
    </Alert>
  );
}
