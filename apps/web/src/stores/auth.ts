// Who is signed in, and the auth modal (the spec's "Auth state" and "Auth store").
// The token lives in local storage under sa_auth_token so a reload keeps the session.
import type { User } from '@snaplist/contract';
// The constants entry, not the package's: the package's builds every schema, which the first page never uses.
import { AUTH_TOKEN_STORAGE_KEY } from '@snaplist/contract/constants';
import { create } from 'zustand';
import { readStorage, writeStorage } from '@/lib/storage';

export type AuthModalContext = 'home' | 'dashboard' | 'photo-upload';
/** Where the modal starts: the sign-up/log-in form, or asking for a password reset link. */
export type AuthModalView = 'credentials' | 'password-reset';
/** The auth check request goes start → requesting → idle. */
export type AuthCheckRequest = 'start' | 'requesting' | 'idle';

export interface AuthState {
  isAuthenticated: boolean;
  token: string | null;
  user: User | null;
  error: string | null;
  isLoading: boolean;
  /** The full-screen loading view, shown while the first auth check runs. */
  showLoading: boolean;
  requestCheckAuth: AuthCheckRequest;
  /** `view`: where the modal starts; the credentials form when absent. */
  authModal: { isOpen: boolean; context: AuthModalContext; view?: AuthModalView };

  setUser: (user: User) => void;
  setToken: (token: string | null) => void;
  clearAuth: () => void;
  setError: (error: string | null) => void;
  setLoading: (isLoading: boolean) => void;
  setShowLoading: (showLoading: boolean) => void;
  setRequestCheckAuth: (state: AuthCheckRequest) => void;
  openAuthModal: (context: AuthModalContext, view?: AuthModalView) => void;
  closeAuthModal: () => void;
}

/** The state a fresh page load starts from: a stored token means an auth check is due, behind the loader. */
export function initialAuthState() {
  const token = readStorage(AUTH_TOKEN_STORAGE_KEY);
  return {
    isAuthenticated: false,
    token,
    user: null,
    error: null,
    isLoading: false,
    showLoading: token !== null,
    requestCheckAuth: token !== null ? ('start' as const) : ('idle' as const),
    authModal: { isOpen: false, context: 'home' as const },
  };
}

export const useAuthStore = create<AuthState>()((set) => ({
  ...initialAuthState(),

  setUser: (user) => set({ user, isAuthenticated: true, isLoading: false, error: null }),
  setToken: (token) => {
    const value = token ? token : null;
    writeStorage(AUTH_TOKEN_STORAGE_KEY, value);
    set({ token: value });
  },
  clearAuth: () => {
    writeStorage(AUTH_TOKEN_STORAGE_KEY, null);
    set({ token: null, user: null, isAuthenticated: false });
  },
  setError: (error) => set({ error, isLoading: false }),
  setLoading: (isLoading) => set({ isLoading }),
  setShowLoading: (showLoading) => set({ showLoading }),
  setRequestCheckAuth: (requestCheckAuth) => set({ requestCheckAuth }),
  openAuthModal: (context, view) =>
    set({ authModal: { isOpen: true, context, ...(view && { view }) }, error: null }),
  closeAuthModal: () => set((state) => ({ authModal: { ...state.authModal, isOpen: false }, error: null })),
}));

/** The token for a request: local storage first, falling back to the store. */
export function currentToken(): string | null {
  return readStorage(AUTH_TOKEN_STORAGE_KEY) ?? useAuthStore.getState().token;
}
