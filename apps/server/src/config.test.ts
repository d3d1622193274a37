import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.jwtSecret).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.payments).toEqual({ provider: 'local' });
    expect(config.supportEmail).toBe('support@snaplist.app');
    expect(config.plans).toEqual({ freeAiListings: 3, forcePaywall: false });
  });

  it('needs both Stripe keys with PAYMENT_PROVIDER=stripe, and names each missing one', () => {
    try {
      loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', PORT: 'eighty' });
      expect.unreachable('loadConfig accepted Stripe without a webhook secret');
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER is stripe');
      expect(problems).not.toContain('STRIPE_SECRET_KEY');
      expect(problems).toContain('PORT');
    }
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('reads the plan settings and refuses nonsense in them', () => {
    expect(loadConfig({ FREE_AI_LISTINGS: '0', FORCE_PAYWALL: 'true' }).plans).toEqual({
      freeAiListings: 0,
      forcePaywall: true,
    });
    const attempt = () =>
      loadConfig({
        FREE_AI_LISTINGS: '-1',
        SUPPORT_EMAIL: 'nobody',
        PAYMENT_PROVIDER: 'paypal',
        STRIPE_API_URL: 'ftp://x',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const key of ['FREE_AI_LISTINGS', 'SUPPORT_EMAIL', 'PAYMENT_PROVIDER', 'STRIPE_API_URL']) {
        expect(problems).toContain(key);
      }
    }
  });

  it('names every bad key at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const key of ['PORT', 'JWT_SECRET', 'LOG_LEVEL', 'PUBLIC_URL']) expect(problems).toContain(key);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', JWT_SECRET: '' }).port).toBe(3000);
  });

  it('derives the public URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://snap.example.com/' }).publicUrl).toBe(
      'https://snap.example.com',
    );
  });
});
