// Why an auth form's request failed, under the form: the message, and what the server refused on a second line.
import type { AuthFailure } from '../lib/auth-failure';

export function FailureAlert({ message, detail }: AuthFailure) {
  return (
    <p role="alert" className="auth-form__error">
      {message}
      {detail && <span className="auth-form__error-detail">{detail}</span>}
    </p>
  );
}
