// The e-mail field of the auth modal's forms (log-in, sign-up, reset request): labelled, typed for e-mail
// keyboards and autofill, with its refusal under it.
import type { IssueCode } from '@snaplist/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '@/lib/errors';

interface EmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the address was refused, shown under the field. */
  issue: IssueCode | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

export function EmailField({ id, value, onChange, issue, inputRef }: EmailFieldProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('auth.email_label')}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.email_placeholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? errorId : undefined}
      />
      {issue && (
        <p id={errorId} className="field__error">
          {issueText({ code: issue }, t)}
        </p>
      )}
    </div>
  );
}
