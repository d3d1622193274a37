// A seller signed in before the page renders, as after logging in: the token kept and the account known.
import type { User } from '@snaplist/contract';
import { initialAuthState, useAuthStore } from '@/stores/auth';
import { createUser } from './factories';

export function signIn(user: User = createUser(), token = 'token-1'): void {
  useAuthStore.setState({ ...initialAuthState(), token, user, isAuthenticated: true });
}
