import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Button } from '~/components/ui/button';
import { messages } from '@contract/messages';
import { useT } from '~/hooks/use-t';
import { formatBytes, percentOf, remainingBytes } from './remaining';
import type { BatchFile } from './use-upload-batch';

/**
 * Each file of a form on its way (use-upload-batch.ts): its name, size, bar and "Cancelar", and
 * for the whole form what is left, read out politely by screen readers. Fits 320 px: one file a
 * block, the name wraps.
 */
export function UploadProgress({ files, onCancel }: { files: readonly BatchFile[]; onCancel(index: number): void }) {
  const t = useT('events');
  if (files.length === 0) return null;
  const { left, total } = remainingBytes(files);
  const finished = files.every((file) => !['waiting', 'shrinking', 'sending'].includes(file.state));
  return (
    <Box component="section" aria-label={t('uploads.title')} sx={{ display: 'grid', gap: 1.5, width: '100%' }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {files.map((file) => {
          const active = ['waiting', 'shrinking', 'sending'].includes(file.state);
          return (
            <li key={file.index} data-upload-state={file.state} style={{ display: 'grid', gap: 4 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                <span className="breakable">
                  {file.name} <span className="muted">({formatBytes(file.size)})</span>
                </span>
                {active ? (
                  <Button size="small" variant="outlined" onClick={() => onCancel(file.index)} aria-label={t('uploads.cancelFile', { name: file.name })}>
                    {t('uploads.cancel')}
                  </Button>
                ) : null}
              </Box>
              <LinearProgress
                variant={file.state === 'shrinking' ? 'indeterminate' : 'determinate'}
                value={percentOf(file)}
                color={file.state === 'attached' ? 'success' : file.state === 'refused' || file.state === 'failed' ? 'error' : 'primary'}
                aria-label={t('uploads.fileProgress', { name: file.name })}
              />
              <span className={file.state === 'refused' || file.state === 'failed' ? 'field-error' : 'muted'}>
                {file.message ?? t(`uploads.state.${file.state}`)}
              </span>
            </li>
          );
        })}
      </ul>
      <p aria-live="polite" role="status" style={{ margin: 0 }}>
        {finished ? (files.every((file) => file.state === 'attached') ? messages.fileUploaded : t('uploads.finished')) : t('uploads.remaining', { left: formatBytes(left), total: formatBytes(total) })}
      </p>
    </Box>
  );
}
