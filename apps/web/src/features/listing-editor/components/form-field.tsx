// One labelled control of the listing form: its label (with the spec's required mark), an optional hint,
// and its message, wired with aria-invalid and aria-describedby so a screen reader reads the message with it.
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueText } from '@/lib/errors';
import { type FieldName, fieldId, type MessageSource } from '../editor-form';

/** A field's message in the seller's language: the contract's issue code, or one of the editor's own keys. */
export function fieldErrorText(error: FieldError, t: TFunction): string {
  const message = error.message ?? '';
  return error.type === ('editor' satisfies MessageSource) ? t(message) : issueText({ code: message }, t);
}

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
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

export function FormField({ field, label, required, hint, error, className, children }: FormFieldProps) {
  const id = fieldId(field);
  return (
    <div className={['field', 'editor-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': describedBy(field, Boolean(hint), error !== undefined),
        'aria-required': required || undefined,
      })}
      <FieldMessage field={field} error={error} />
    </div>
  );
}
