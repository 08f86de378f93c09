import { CacheProvider } from '@emotion/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ThemeProvider } from '@mui/system';
import { useMemo } from 'react';
import { useT } from '~/hooks/use-t';
import { createEmotionCache } from '~/theme/emotion-cache';
import { providerTheme } from '~/theme/provider-theme';
import { useThemeChoice } from '~/theme/theme-choice';
import { useNonce } from '~/utils/nonce';

const TITLE_ID = 'unsent-reports-title';
const TEXT_ID = 'unsent-reports-text';

/**
 * Asked before signing out when the outbox still holds reports that have not reached the
 * server: signing out discards them (sign-out-form.tsx). Downloaded only then, with MUI's
 * theme and Emotion, like the phone's drawer (mobile-drawer.tsx). Cancelar is the default:
 * Escape and a click beside the dialog keep the session and the reports. Focus goes back to the
 * user menu's button (sign-out-form.tsx), not to the sign-out button inside the closed menu.
 */
export function UnsentReportsDialog({ count, onCancel, onConfirm }: { count: number; onCancel: () => void; onConfirm: () => void }) {
  const t = useT();
  const { theme } = useThemeChoice();
  const nonce = useNonce();
  const cache = useMemo(() => createEmotionCache(nonce), [nonce]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={providerTheme(theme)}>
        <Dialog open onClose={onCancel} disableRestoreFocus aria-labelledby={TITLE_ID} aria-describedby={TEXT_ID}>
          <DialogTitle id={TITLE_ID}>{t('device.unsentTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText id={TEXT_ID}>{t('device.unsentReports', { count })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} autoFocus>
              {t('device.cancel')}
            </Button>
            <Button onClick={onConfirm} color="error">
              {t('device.signOutAnyway')}
            </Button>
          </DialogActions>
        </Dialog>
      </ThemeProvider>
    </CacheProvider>
  );
}
