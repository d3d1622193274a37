// @vitest-environment jsdom
import { AUTH_TOKEN_STORAGE_KEY } from '@snaplist/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/testing/factories';
import { currentToken, initialAuthState, useAuthStore } from './auth';

const user = createUser({ isNewUser: true });

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState(initialAuthState());
});

describe('auth store', () => {
  it('starts signed out, with no check due when nothing is stored', () => {
    const state = useAuthStore.getState();
    expect(state).toMatchObject({
      isAuthenticated: false,
      token: null,
      showLoading: false,
      requestCheckAuth: 'idle',
      authModal: { isOpen: false, context: 'home' },
    });
  });

  it('requests a check behind the loader when a token is stored', () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'abc');
    expect(initialAuthState()).toMatchObject({ token: 'abc', showLoading: true, requestCheckAuth: 'start' });
  });

  it('setUser marks authenticated, stops loading and clears the error', () => {
    useAuthStore.setState({ isLoading: true, error: 'boom' });
    useAuthStore.getState().setUser(user);
    expect(useAuthStore.getState()).toMatchObject({
      user,
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });
  });

  it('setToken stores the token, and removes it when empty', () => {
    useAuthStore.getState().setToken('tok');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok');
    expect(useAuthStore.getState().token).toBe('tok');

    useAuthStore.getState().setToken('');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('clearAuth drops token and user and removes the stored token', () => {
    useAuthStore.getState().setToken('tok');
    useAuthStore.getState().setUser(user);
    useAuthStore.getState().clearAuth();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('setError stops loading', () => {
    useAuthStore.getState().setLoading(true);
    useAuthStore.getState().setError('failed');
    expect(useAuthStore.getState()).toMatchObject({ error: 'failed', isLoading: false });
  });

  it('opens the auth modal with a context and closes it', () => {
    useAuthStore.getState().openAuthModal('dashboard');
    expect(useAuthStore.getState().authModal).toEqual({ isOpen: true, context: 'dashboard' });
    useAuthStore.getState().closeAuthModal();
    expect(useAuthStore.getState().authModal.isOpen).toBe(false);
  });

  it('reads the token from local storage first, then from the store', () => {
    useAuthStore.setState({ token: 'in-store' });
    expect(currentToken()).toBe('in-store');
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'in-storage');
    expect(currentToken()).toBe('in-storage');
  });
});
