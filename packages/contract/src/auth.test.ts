import { describe, expect, it } from 'vitest';
import { isValidEmail, LoginRequestSchema, normaliseEmail, SignupRequestSchema } from './auth';

describe('e-mail rule (SPEC section 5)', () => {
  it.each(['a@b.co', 'first.last+tag@shop.example.com', '  padded@example.com  '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b.', `${'x'.repeat(250)}@b.co`])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('normalises by trimming and lower-casing', () => {
    expect(normaliseEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
});

describe('auth requests', () => {
  it('normalises the e-mail while parsing', () => {
    expect(LoginRequestSchema.parse({ email: ' A@B.CO', password: 'x' }).email).toBe('a@b.co');
  });

  it('requires 8 characters at sign-up but any non-empty password at log-in', () => {
    expect(SignupRequestSchema.safeParse({ email: 'a@b.co', password: '1234567' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ email: 'a@b.co', password: '1' }).success).toBe(true);
  });
});
