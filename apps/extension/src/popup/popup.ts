// The toolbar popup: signs the seller in to their Snaplist (the same e-mail and password as the web app) or
// shows whom the extension is signed in as. The background does the work; this page only asks it.
import { isValidEmail } from '@snaplist/contract';
import { t } from '../i18n';
import { askBackground, type ExtensionError, type ExtensionStatus } from '../messages';
import { DEFAULT_SERVER_ORIGIN, hostMatchPattern, serverOrigin } from '../server-address';

type FieldName = 'server' | 'email' | 'password';

/** Which field a failure is about, so it is marked and focused; none when the whole form is. */
const FIELD_OF_ERROR: Partial<Record<ExtensionError['code'], FieldName>> = {
  server_invalid: 'server',
  server_unreachable: 'server',
  permission_denied: 'server',
  invalid_credentials: 'password',
};

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  created.append(...children);
  return created;
}

function requireApp(): HTMLElement {
  const app = document.getElementById('app');
  if (!app) throw new Error('popup.html has no #app');
  return app;
}

function field(name: FieldName, label: string, input: Record<string, string>, hint?: string) {
  const hintId = `${name}-hint`;
  const control = element('input', {
    id: name,
    name,
    class: 'input',
    ...(hint ? { 'aria-describedby': hintId } : {}),
    ...input,
  });
  const wrapper = element(
    'div',
    { class: 'field' },
    element('label', { class: 'field__label', for: name }, label),
  );
  wrapper.append(control);
  if (hint) wrapper.append(element('p', { class: 'field__hint', id: hintId }, hint));
  return { wrapper, control };
}

function renderSignedOut(status: ExtensionStatus): void {
  const app = requireApp();
  const title = element('h1', { class: 'popup__title', id: 'sign-in-title' }, t('popup_sign_in'));
  const intro = element('p', { class: 'popup__text' }, t('popup_intro'));
  const server = field(
    'server',
    t('popup_server_label'),
    {
      type: 'text',
      inputmode: 'url',
      autocomplete: 'url',
      spellcheck: 'false',
      autocapitalize: 'off',
      value: status.server ?? DEFAULT_SERVER_ORIGIN,
    },
    t('popup_server_hint'),
  );
  const email = field('email', t('popup_email_label'), {
    type: 'email',
    autocomplete: 'username',
    spellcheck: 'false',
    autocapitalize: 'off',
    required: '',
  });
  const password = field('password', t('popup_password_label'), {
    type: 'password',
    autocomplete: 'current-password',
    required: '',
  });
  const errorText = element('p', { class: 'form-error', role: 'alert', id: 'form-error' });
  const submit = element('button', { type: 'submit', class: 'btn btn--primary' }, t('popup_sign_in'));
  const form = element(
    'form',
    { class: 'form', novalidate: '', 'aria-labelledby': 'sign-in-title' },
    server.wrapper,
    email.wrapper,
    password.wrapper,
    errorText,
    submit,
  );
  const controls = { server: server.control, email: email.control, password: password.control };

  const showError = (message: string, fieldName: FieldName | undefined) => {
    for (const [name, control] of Object.entries(controls)) {
      if (name === fieldName) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-errormessage', 'form-error');
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-errormessage');
      }
    }
    errorText.textContent = message;
    if (fieldName) controls[fieldName].focus();
  };

  const setBusy = (busy: boolean) => {
    submit.disabled = busy;
    submit.textContent = busy ? t('popup_signing_in') : t('popup_sign_in');
    form.setAttribute('aria-busy', String(busy));
  };

  const finishSignIn = async (permission: Promise<boolean>, origin: string) => {
    setBusy(true);
    const granted = await permission.catch(() => false);
    if (!granted) {
      setBusy(false);
      showError(t('error_permission_denied', origin), 'server');
      return;
    }
    const answer = await askBackground({
      type: 'signIn',
      server: origin,
      email: email.control.value.trim(),
      password: password.control.value,
    });
    setBusy(false);
    if (!answer.ok) return showError(answer.error.message, FIELD_OF_ERROR[answer.error.code]);
    renderSignedIn(answer.value);
    // The form the seller was in is gone: the new heading tells a screen reader what happened.
    document.getElementById('signed-in-title')?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const origin = serverOrigin(server.control.value);
    if (!origin) return showError(t('error_server_invalid'), 'server');
    if (!isValidEmail(email.control.value)) return showError(t('error_email_invalid'), 'email');
    if (password.control.value === '') return showError(t('error_password_required'), 'password');
    // Asked before anything is awaited: browsers show a permission prompt only inside the seller's click.
    // An address already allowed (localhost, from the manifest) resolves at once, without a prompt.
    const permission = chrome.permissions.request({ origins: [hostMatchPattern(origin)] });
    void finishSignIn(permission, origin);
  });

  app.replaceChildren(title, intro, form);
  email.control.focus();
}

function renderSignedIn(status: ExtensionStatus): void {
  const app = requireApp();
  const title = element(
    'h1',
    { class: 'popup__title', id: 'signed-in-title', tabindex: '-1' },
    t('popup_signed_in_as', status.email ?? ''),
  );
  const server = status.server ?? DEFAULT_SERVER_ORIGIN;
  const account = element(
    'dl',
    { class: 'account' },
    element('dt', {}, t('popup_server_label')),
    element('dd', {}, element('a', { href: server, target: '_blank', rel: 'noopener' }, server)),
  );
  const hint = element('p', { class: 'popup__text' }, t('popup_signed_in_hint'));
  const errorText = element('p', { class: 'form-error', role: 'alert' });
  const signOut = element('button', { type: 'button', class: 'btn btn--secondary' }, t('popup_sign_out'));

  signOut.addEventListener('click', async () => {
    signOut.disabled = true;
    signOut.textContent = t('popup_signing_out');
    const answer = await askBackground({ type: 'signOut' });
    if (answer.ok) return renderSignedOut(answer.value);
    signOut.disabled = false;
    signOut.textContent = t('popup_sign_out');
    errorText.textContent = answer.error.message;
  });

  app.replaceChildren(title, account, hint, errorText, signOut);
}

async function start(): Promise<void> {
  document.documentElement.lang = chrome.i18n.getUILanguage();
  const app = requireApp();
  app.replaceChildren(element('p', { class: 'popup__text', role: 'status' }, t('popup_loading')));
  const answer = await askBackground({ type: 'status' });
  if (!answer.ok) {
    app.replaceChildren(element('p', { class: 'form-error', role: 'alert' }, answer.error.message));
    return;
  }
  if (answer.value.signedIn) renderSignedIn(answer.value);
  else renderSignedOut(answer.value);
}

void start();
