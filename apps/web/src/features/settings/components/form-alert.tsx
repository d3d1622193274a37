// Why an account form's request failed, said under the form as soon as it fails.
export function FormAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="settings-form__alert">
      {message}
    </p>
  );
}
