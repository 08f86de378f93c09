import { useT } from '~/hooks/use-t';

/** "Borrador guardado", said quietly under a form whose draft is kept on the device (use-draft.ts). */
export function DraftStatus({ saved }: { saved: boolean }) {
  const t = useT('common');
  return (
    <p className="draft-status" role="status">
      {saved ? t('offline.draftSaved') : null}
    </p>
  );
}
