import type { FieldMetadata } from '@conform-to/react';
import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { ConformSelect } from '~/components/forms/conform-fields';
import { OutlinedField } from '~/components/forms/outlined-field';
import { PHONE_INPUT_MAX } from '@contract/phone';
import { RUT_INPUT_MAX } from '@contract/rut';
import { TICKET_LIMITS } from '@contract/ticket-limits';
import { ORIENTATIONS } from '@contract/ticket-codes';
import { orientationLabel, type Destinations } from '@contract/road-lookup';
import type { Classification } from '@contract/ticket-dto';
import { classificationWords } from '@contract/classification-words';
import { useT } from '~/hooks/use-t';

type Meta = FieldMetadata<unknown>;

/** A MUI text field bound to a Conform field; keeps a line for its message (decision 041). */
export function EventField({
  meta,
  label,
  type = 'text',
  helperText,
  maxLength,
  required,
  multiline,
  inputMode,
  onChange,
  markRequired,
}: {
  meta: Meta;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'datetime-local';
  helperText?: string;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  inputMode?: 'decimal' | 'text';
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  /** The label's asterisk: on the new-event form, whose introduction refers to it. */
  markRequired?: boolean;
}) {
  return (
    <OutlinedField
      key={meta.key}
      id={meta.id}
      name={meta.name}
      type={type}
      label={label}
      defaultValue={(meta.initialValue as string | undefined) ?? ''}
      error={!meta.valid}
      helperText={meta.errors?.[0] ?? helperText ?? ' '}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      onChange={onChange}
      inputProps={{ required: required || undefined, maxLength, inputMode }}
      shrinkLabel={type === 'datetime-local'}
      markRequired={markRequired && required}
    />
  );
}

/** The events forms' selects: a line always kept for the message, as their text fields. */
export function EventSelect(props: Omit<ComponentProps<typeof ConformSelect>, 'helperText'>) {
  return <ConformSelect {...props} markRequired={props.markRequired && props.required} helperText=" " />;
}

export type TicketFieldMetas = Record<
  | 'classificationId' | 'description' | 'dateEvent' | 'kilometer' | 'orientation' | 'sector' | 'commune'
  | 'fullName' | 'rut' | 'phone' | 'email' | 'realAddress',
  Meta
>;

/** The fields of docs/specification.md, "Ticket (event)" that both the new-event and the edit form show, in the same order. */
export function TicketFields({
  fields,
  classifications,
  kmRange,
  places,
  onLocationChange,
  fillButton,
  whereAmI,
  markRequired = false,
  reporterNote,
  destinations,
}: {
  fields: TicketFieldMetas;
  classifications: readonly Classification[];
  kmRange: { min: number; max: number } | null;
  /** The road profile's sectors and communes: the only places the API takes. */
  places: { sectors: string[]; communes: string[] };
  /** With JavaScript: the kilometre or orientation changed. */
  onLocationChange?: () => void;
  /** Without JavaScript: the button that fills sector and commune. */
  fillButton?: ReactNode;
  /** With JavaScript, on the driver's new-event form: "Usar mi ubicación" (decision 157). */
  whereAmI?: ReactNode;
  /** Where each orientation leads, shown beside its label (decision 157). */
  destinations: Destinations | undefined;
  /** Mark the required fields' labels (the new-event form). */
  markRequired?: boolean;
  /** Under the reporter's heading: the new-event form's privacy note (decision 146). */
  reporterNote?: ReactNode;
}) {
  const t = useT('events');
  const km = (n: number) => String(n).replace('.', ',');
  return (
    <>
      <EventSelect meta={fields.classificationId} label={t('form.classificationId')} required markRequired={markRequired}>
        <option value="">{t('form.chooseClassification')}</option>
        {classifications.map((c) => (
          <option key={c.id} value={c.id}>
            {t(`types.${c.type}`)} · {c.name}
          </option>
        ))}
      </EventSelect>
      <ClassificationHelp classifications={classifications} />
      <EventField meta={fields.description} label={t('form.description')} maxLength={TICKET_LIMITS.description} required markRequired={markRequired} multiline />
      <EventField meta={fields.dateEvent} label={t('form.dateEvent')} type="datetime-local" required markRequired={markRequired} />
      {whereAmI}
      <div className="form-row">
        <EventField
          meta={fields.kilometer}
          label={t('form.kilometer')}
          inputMode="decimal"
          // "Km. 23,456": the contract takes the "km" people write before the number (issue 36).
          maxLength={12}
          helperText={kmRange ? t('form.kilometerHelp', { min: km(kmRange.min), max: km(kmRange.max) }) : undefined}
          required
          markRequired={markRequired}
          onChange={onLocationChange}
        />
        <EventSelect meta={fields.orientation} label={t('form.orientation')} required markRequired={markRequired} onChange={onLocationChange}>
          <option value="">{t('form.chooseOrientation')}</option>
          {ORIENTATIONS.map((o) => (
            <option key={o} value={o}>
              {orientationLabel(o, destinations)}
            </option>
          ))}
        </EventSelect>
      </div>
      {fillButton}
      <div className="form-row">
        <PlaceSelect meta={fields.sector} label={t('form.sector')} choose={t('form.chooseSector')} names={places.sectors} markRequired={markRequired} />
        <PlaceSelect meta={fields.commune} label={t('form.commune')} choose={t('form.chooseCommune')} names={places.communes} markRequired={markRequired} />
      </div>
      <h2 className="form-section-title">{t('form.reporter')}</h2>
      {reporterNote}
      <EventField meta={fields.fullName} label={t('form.fullName')} maxLength={TICKET_LIMITS.fullName} required markRequired={markRequired} />
      <div className="form-row">
        <EventField meta={fields.rut} label={t('form.rut')} helperText={t('form.rutHelp')} maxLength={RUT_INPUT_MAX} required markRequired={markRequired} />
        <EventField meta={fields.phone} label={t('form.phone')} type="tel" helperText={t('form.phoneHelp')} maxLength={PHONE_INPUT_MAX} required markRequired={markRequired} />
      </div>
      <div className="form-row">
        <EventField meta={fields.email} label={t('form.email')} type="email" maxLength={TICKET_LIMITS.email} />
        <EventField meta={fields.realAddress} label={t('form.realAddress')} maxLength={TICKET_LIMITS.realAddress} />
      </div>
    </>
  );
}

/**
 * A sector or commune chosen from the road profile. A place written before the profile was
 * enforced stays among the choices while it is the ticket's, so an edit keeps it.
 */
function PlaceSelect({ meta, label, choose, names, markRequired }: { meta: Meta; label: string; choose: string; names: string[]; markRequired: boolean }) {
  const current = typeof meta.initialValue === 'string' ? meta.initialValue : '';
  const choices = current && !names.includes(current) ? [...names, current] : names;
  return (
    <EventSelect meta={meta} label={label} required markRequired={markRequired}>
      <option value="">{choose}</option>
      {choices.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </EventSelect>
  );
}

/**
 * The classifications in plain words under the select (decision 162): the option labels stay the
 * specification's names; a closed list of examples, opened with or without JavaScript.
 */
function ClassificationHelp({ classifications }: { classifications: readonly Classification[] }) {
  const t = useT('events');
  const described = classifications.flatMap((c) => {
    const words = classificationWords(c.name);
    return words ? [{ ...c, words }] : [];
  });
  if (described.length === 0) return null;
  return (
    <details className="classification-help">
      <summary>{t('form.classificationHelp')}</summary>
      <dl>
        {described.map((c) => (
          <div key={c.id}>
            <dt>{c.name}</dt>
            <dd>{c.words}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
