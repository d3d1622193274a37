// One labelled control of the listing form on the form-field kit (components/ui/field.tsx): its label (with the
// spec's required mark), an optional hint, and its message. The helpers below wire the photo fieldset, which is
// not a single labelled control, the same way.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, type FieldControl } from '@/components/ui/field';
import { issueText } from '@/lib/errors';
import { type FieldName, fieldId, type MessageSource } from '../editor-form';

/** A field's message in the seller's language: the contract's issue code, or one of the editor's own keys. */
export function fieldErrorText(error: FieldError, t: TFunction): string {
  const message = error.message ?? '';
  return error.type === ('editor' satisfies MessageSource) ? t(message) : issueText({ code: message }, t);
}

/** What a listing form control carries: the kit's wiring, and the spec's required state. */
export interface ControlProps extends FieldControl {
  'aria-required': boolean | undefined;
}

/** The ids a field's hint and message carry, for controls that are wired by hand. */
export function describedBy(field: FieldName, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? `${fieldId(field)}-hint` : '', hasError ? `${fieldId(field)}-error` : ''];
  return ids.filter(Boolean).join(' ') || undefined;
}

export function RequiredMark() {
  return (
    <span className="editor-required" aria-hidden="true">
      *
    </span>
  );
}

export function FieldMessage({ field, error }: { field: FieldName; error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={`${fieldId(field)}-error`} className="field__error">
      {fieldErrorText(error, t)}
    </p>
  );
}

interface FormFieldProps {
  field: FieldName;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error: FieldError | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A field of the listing form on the kit's Field: the hint above the control, the required mark in the label. */
export function FormField({ field, label, required, hint, error, className, children }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <Field
      id={fieldId(field)}
      label={
        <>
          {label}
          {required && <RequiredMark />}
        </>
      }
      hint={hint}
      hintAbove
      error={error && fieldErrorText(error, t)}
      invalid={error !== undefined}
      className={['editor-field', className].filter(Boolean).join(' ')}
    >
      {(control) => children({ ...control, 'aria-required': required || undefined })}
    </Field>
  );
}
