// Sign-up and log-in requests: e-mail and password plus the dashboard flag and
// product; sign-up also sends name = e-mail, and the page's language, which the e-mail that confirms the
// address is written in (decision 042). No fingerprint or IP address is sent (docs/decisions/003).
import { type AuthResponse, DEFAULT_PRODUCT, type Language, routes } from '@snaplist/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type AuthMode = 'login' | 'sign-up';

export interface Credentials {
  email: string;
  password: string;
}

export function signIn(
  mode: AuthMode,
  { email, password }: Credentials,
  language: Language,
): Promise<AuthResponse> {
  const common = { email, password, isNewDashboard: true, product: DEFAULT_PRODUCT };
  return mode === 'sign-up'
    ? callApi(routes.signup, { ...common, name: email, language })
    : callApi(routes.login, common);
}

export function useSignIn() {
  return useMutation({
    mutationFn: ({
      mode,
      credentials,
      language,
    }: {
      mode: AuthMode;
      credentials: Credentials;
      language: Language;
    }) => signIn(mode, credentials, language),
  });
}
