import type { FormMetadata } from '@conform-to/react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Icon } from '../ui/icons';
import { useT } from '~/hooks/use-t';

/** What the summary needs of Conform's form metadata (useForm's first value). */
type SummaryForm = Pick<FormMetadata, 'id' | 'errorId' | 'status' | 'allErrors'>;

/**
 * The error summary at the top of every form (decision 173, GOV.UK's pattern): after a
 * submission with errors, a box headed "Hay un problema" lists the form's own errors and one
 * link per field error to the field (`#<form id>-<field name>`, Conform's field ids), and takes
 * the focus, so a screen reader reads it and a keyboard user goes on from it.
 *
 * Without JavaScript the page the action answered with renders it with `autofocus`; with
 * JavaScript it is focused each time a submission comes back with errors, whether the schema
 * stopped it in the page or the action answered, after Conform focused the first invalid field.
 * Errors found on blur before any submission stay under their fields only.
 *
 * `targets` names the element a field's link goes to when it is not `<form id>-<name>` (a
 * group of radio buttons links to its first one); `extra` adds lines of the page's own
 * (a notice with links of its own, as the sign-up's taken e-mail).
 */
export function ErrorSummary({
  form,
  targets,
  extra,
}: {
  form: SummaryForm;
  targets?: Record<string, string>;
  extra?: ReactNode;
}) {
  const t = useT('common');
  const box = useRef<HTMLDivElement>(null);
  const failedSubmission = form.status === 'error';
  const all = form.allErrors;
  const formErrors: string[] = all[''] ?? [];
  const fieldErrors = Object.entries(all).filter(([name, errors]) => name !== '' && errors.length > 0);
  const hasErrors = formErrors.length > 0 || fieldErrors.length > 0;
  // Shown from a failed submission until every error is gone (errors found on blur later join it).
  const [shown, setShown] = useState(failedSubmission);
  if (failedSubmission && hasErrors && !shown) setShown(true);
  if (!hasErrors && shown) setShown(false);

  // Each failed submission's report is a new errors object: the summary takes the focus back.
  useEffect(() => {
    if (failedSubmission) box.current?.focus();
  }, [failedSubmission, all]);

  if (!(shown || failedSubmission) || !hasErrors) return null;

  function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const field = document.getElementById(id);
    if (!field) return;
    event.preventDefault();
    field.focus();
    // The field's label above it stays in sight.
    field.scrollIntoView({ block: 'center' });
  }

  return (
    <div
      ref={box}
      id={form.errorId}
      className="alert alert--error error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={`${form.id}-error-summary-title`}
      // Without JavaScript the browser focuses it as the page loads; with it, React does on mount.
      autoFocus={failedSubmission}
    >
      <Icon name="error" size={22} />
      <div className="alert-message">
        <h2 className="error-summary__title" id={`${form.id}-error-summary-title`}>
          {t('forms.errorSummaryTitle')}
        </h2>
        <ul className="error-summary__list">
          {formErrors.map((error) => (
            <li key={`form-${error}`}>{error}</li>
          ))}
          {fieldErrors.map(([name, errors]) => {
            const id = targets?.[name] ?? `${form.id}-${name}`;
            return (
              <li key={name}>
                <a className="error-summary__link" href={`#${id}`} onClick={(event) => goTo(event, id)}>
                  {errors[0]}
                </a>
              </li>
            );
          })}
          {extra}
        </ul>
      </div>
    </div>
  );
}
