import { Form, useNavigation } from 'react-router';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { OutlinedField } from '~/components/forms/outlined-field';

/**
 * One code field and its button, as a plain POST form (works without JavaScript): the second
 * step of a sign-in, or the code that confirms a new authenticator app.
 */
export function CodeFieldForm(props: {
  intent: string;
  label: string;
  help?: string;
  error?: string;
  submit: string;
  submitting: string;
  /** Recovery codes are letters: the field then accepts any text. */
  digitsOnly?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === props.intent;
  return (
    <Form method="post" noValidate className="form-stack">
      <input type="hidden" name="intent" value={props.intent} />
      <SubmissionKeyField form={props.intent} />
      <OutlinedField
        name="code"
        label={props.label}
        error={Boolean(props.error)}
        helperText={props.error ?? props.help}
        autoComplete="one-time-code"
        fullWidth
        inputProps={{
          required: true,
          maxLength: 20,
          inputMode: props.digitsOnly ? 'numeric' : 'text',
          autoCapitalize: 'none',
          spellCheck: false,
          'aria-required': true,
        }}
      />
      <SubmitButton variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? props.submitting : props.submit}
      </SubmitButton>
    </Form>
  );
}
