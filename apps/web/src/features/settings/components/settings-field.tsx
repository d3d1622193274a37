// One labelled input of the account forms: its label, an optional hint, and its message, wired with
// aria-invalid and aria-describedby and announced when it appears, as the other forms' messages are.
import { type ErrorCode, isErrorCode } from '@snaplist/contract';
import type { TFunction } from 'i18next';
import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueText } from '@/lib/errors';

/** A refusal of the server's about one field (a wrong current password, a taken address), by its code. */
export function refusalError(code: ErrorCode): FieldError {
  return { type: 'refusal', message: code };
}

/**
 * A field's (or the form's) message in the seller's language: a server refusal's code, or the contract's
 * issue code.
 */
export function fieldErrorText(error: { type?: string | number; message?: string }, t: TFunction): string {
  const code = error.message ?? '';
  if (error.type === 'refusal' && isErrorCode(code)) return t(`errors.${code}`);
  return issueText({ code }, t);
}

interface SettingsFieldProps {
  id: string;
  label: string;
  hint?: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  type: 'email' | 'password';
  autoComplete: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
}

export function SettingsField({
  id,
  label,
  hint,
  error,
  registration,
  type,
  autoComplete,
}: SettingsFieldProps) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        autoComplete={autoComplete}
        {...(type === 'email' && { inputMode: 'email', autoCapitalize: 'none', spellCheck: false })}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...registration}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {fieldErrorText(error, t)}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Why a form's request failed, under the form. */
export function FormAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="settings-form__alert">
      {message}
    </p>
  );
}
