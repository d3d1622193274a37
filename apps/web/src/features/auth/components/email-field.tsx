// The e-mail field of the auth modal's forms (log-in, sign-up, reset request): labelled, typed for e-mail
// keyboards and autofill, with its refusal under it.
import type { IssueCode } from '@snaplist/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/ui/field';
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
  return (
    <InputField
      ref={inputRef}
      id={id}
      label={t('auth.email_label')}
      type="email"
      autoComplete="email"
      placeholder={t('auth.email_placeholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={issue && issueText({ code: issue }, t)}
    />
  );
}
