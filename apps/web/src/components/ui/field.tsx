// One labelled control of a form: its label, the control, its message and an optional hint, the message and the
// hint tied to the control with aria-describedby (and the control marked aria-invalid) so a screen reader reads
// them with it. The message comes translated: each form words its own refusals. InputField and SelectField take
// every attribute of their element, so a react-hook-form registration spreads onto them as onto the element, and
// a controlled value with its onChange works the same.
import type { ComponentProps, ReactNode } from 'react';

/** What the control of a Field carries, for a control the field does not render itself. */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  /** The control's id; the message's and the hint's ids are made from it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Why the value was refused, in the seller's language; nothing while it is not. */
  error?: ReactNode;
  /** Whether the control is marked invalid; by default, while there is a message. */
  invalid?: boolean;
  /** Say the message as soon as it appears (role="alert"), for forms that do not move the focus to it. */
  announce?: boolean;
  /** Show the hint between the label and the control, for a hint the seller needs before filling it in. */
  hintAbove?: boolean;
  className?: string;
  /** Shown in the field, after the message and the hint. */
  footer?: ReactNode;
}

interface FieldProps extends FieldFrameProps {
  children: (control: FieldControl) => ReactNode;
}

export function Field({ children, ...frame }: FieldProps) {
  const { id, hint, error } = frame;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // Read in the order they stand on the page.
  const describedIds = frame.hintAbove
    ? [hint && hintId, error && errorId]
    : [error && errorId, hint && hintId];
  const describedBy = describedIds.filter(Boolean).join(' ');
  const hintText = hint && (
    <p id={hintId} className="field__hint">
      {hint}
    </p>
  );
  return (
    <div className={['field', frame.className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {frame.label}
      </label>
      {frame.hintAbove && hintText}
      {children({
        id,
        'aria-invalid': frame.invalid ?? (error ? true : undefined),
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={errorId} className="field__error" role={frame.announce ? 'alert' : undefined}>
          {error}
        </p>
      )}
      {!frame.hintAbove && hintText}
      {frame.footer}
    </div>
  );
}

/** The field's own props, taken out of what goes to the element. */
function splitFrame<Props extends FieldFrameProps>({
  id,
  label,
  hint,
  error,
  invalid,
  announce,
  hintAbove,
  className,
  footer,
  ...element
}: Props) {
  const frame: FieldFrameProps = { id, label, hint, error, invalid, announce, hintAbove, className, footer };
  return { frame, element };
}

type InputFieldProps = FieldFrameProps & Omit<ComponentProps<'input'>, keyof FieldFrameProps | 'children'>;

/** A text input in a field; an e-mail one gets the e-mail keyboard, and no capitals or spelling fixes. */
export function InputField(props: InputFieldProps) {
  const { frame, element } = splitFrame(props);
  const email = element.type === 'email';
  return (
    <Field {...frame}>
      {(control) => (
        <input
          className="input"
          {...(email && { inputMode: 'email', autoCapitalize: 'none', spellCheck: false })}
          {...control}
          {...element}
        />
      )}
    </Field>
  );
}

type SelectFieldProps = FieldFrameProps & Omit<ComponentProps<'select'>, keyof FieldFrameProps>;

/** A native select in a field; its options are its children. */
export function SelectField(props: SelectFieldProps) {
  const { frame, element } = splitFrame(props);
  return (
    <Field {...frame}>{(control) => <select className="input select" {...control} {...element} />}</Field>
  );
}
