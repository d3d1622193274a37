import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@snaplist/contract';
import { describe, expect, it } from 'vitest';
import { validateCredentials, validateNewPassword, validateResetEmail } from './validate-credentials';

const email = 'seller@example.com';

describe('validateCredentials', () => {
  it('accepts what the server accepts', () => {
    expect(validateCredentials('sign-up', { email, password: 'x'.repeat(MIN_PASSWORD_LENGTH) })).toEqual({});
    expect(validateCredentials('login', { email, password: 'x' })).toEqual({});
  });

  it('asks for a password before its length', () => {
    expect(validateCredentials('sign-up', { email, password: '' })).toEqual({
      password: 'password_required',
    });
  });

  it("holds a new password to the server's bounds", () => {
    const short = 'x'.repeat(MIN_PASSWORD_LENGTH - 1);
    const long = 'x'.repeat(MAX_PASSWORD_LENGTH + 1);
    expect(validateCredentials('sign-up', { email, password: short })).toEqual({
      password: 'password_too_short',
    });
    expect(validateCredentials('sign-up', { email, password: long })).toEqual({
      password: 'password_too_long',
    });
    expect(validateCredentials('login', { email, password: long })).toEqual({
      password: 'password_too_long',
    });
  });

  it('names a bad e-mail and a missing password together', () => {
    expect(validateCredentials('login', { email: 'not-an-email', password: '' })).toEqual({
      email: 'email_invalid',
      password: 'password_required',
    });
  });
});

describe('validateResetEmail', () => {
  it('accepts an address the server accepts, and names a bad one', () => {
    expect(validateResetEmail(` ${email} `)).toBeUndefined();
    expect(validateResetEmail('not-an-email')).toBe('email_invalid');
    expect(validateResetEmail('')).toBe('email_invalid');
  });
});

describe('validateNewPassword', () => {
  it('holds a new password to the same rules as a sign-up', () => {
    expect(validateNewPassword('token-1', 'x'.repeat(MIN_PASSWORD_LENGTH))).toBeUndefined();
    expect(validateNewPassword('token-1', '')).toBe('password_required');
    expect(validateNewPassword('token-1', 'x'.repeat(MIN_PASSWORD_LENGTH - 1))).toBe('password_too_short');
    expect(validateNewPassword('token-1', 'x'.repeat(MAX_PASSWORD_LENGTH + 1))).toBe('password_too_long');
  });
});
