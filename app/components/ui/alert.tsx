import type { ReactNode } from 'react';
import { Icon } from './icons';

/**
 * A message box with the look of MUI's standard Alert (its colours are the theme's own
 * `--mui-palette-Alert-*` variables), in plain HTML (decision 014): MUI's Alert brought Paper,
 * its icons and a close button's ButtonBase to every page with a form. An error is
 * announced at once (role "alert"); pass role "status" for a quiet confirmation.
 */
export function Alert({
  severity,
  role = 'alert',
  id,
  className,
  children,
}: {
  severity: 'error' | 'success';
  role?: 'alert' | 'status';
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={role} id={id} className={`alert alert--${severity}${className ? ` ${className}` : ''}`}>
      <Icon name={severity} size={22} />
      <div className="alert-message">{children}</div>
    </div>
  );
}
