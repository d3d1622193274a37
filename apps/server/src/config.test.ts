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

  it('needs a model with LISTING_AI=openai, and reads the provider settings', () => {
    expect(loadConfig({}).listingAi).toEqual({ engine: 'local' });
    expect(() => loadConfig({ LISTING_AI: 'openai' })).toThrow(
      'OPENAI_MODEL: required when LISTING_AI is openai',
    );
    expect(() => loadConfig({ LISTING_AI: 'gemini' })).toThrow('LISTING_AI');
    // A local Ollama: no key, the defaults for the rest.
    expect(
      loadConfig({
        LISTING_AI: 'openai',
        OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        OPENAI_MODEL: 'llava',
      }).listingAi,
    ).toEqual({
      engine: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llava',
      timeoutMs: 60_000,
      concurrency: 4,
      maxRetries: 2,
      responseFormat: 'json_schema',
    });
    const hosted = loadConfig({
      LISTING_AI: 'openai',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-4o-mini',
      OPENAI_TIMEOUT_SECONDS: '30',
      OPENAI_CONCURRENCY: '8',
      OPENAI_MAX_RETRIES: '0',
      OPENAI_RESPONSE_FORMAT: 'json_object',
    }).listingAi;
    expect(hosted).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      timeoutMs: 30_000,
      concurrency: 8,
      maxRetries: 0,
      responseFormat: 'json_object',
    });
    expect(() => loadConfig({ LISTING_AI: 'openai', OPENAI_MODEL: 'x', OPENAI_BASE_URL: 'ftp://x' })).toThrow(
      'OPENAI_BASE_URL',
    );
  });

  it('keeps Redis keys under REDIS_PREFIX, and refuses one that would break key patterns', () => {
    expect(loadConfig({}).redisPrefix).toBe('snaplist');
    expect(loadConfig({ REDIS_PREFIX: 'shop-2.prod' }).redisPrefix).toBe('shop-2.prod');
    expect(() => loadConfig({ REDIS_PREFIX: 'a*b' })).toThrow('REDIS_PREFIX');
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

  it('reads the background-removal settings, with the defaults of the contract', () => {
    expect(loadConfig({}).backgroundRemoval).toEqual({
      model: 'isnet_fp16',
      device: 'gpu',
      outputFormat: 'png',
      quality: 0.8,
      publicPath: '/background-removal/',
    });
    expect(
      loadConfig({
        BACKGROUND_REMOVAL_MODEL: 'isnet_quint8',
        BACKGROUND_REMOVAL_DEVICE: 'cpu',
        BACKGROUND_REMOVAL_OUTPUT_FORMAT: 'jpeg',
        BACKGROUND_REMOVAL_QUALITY: '1',
        BACKGROUND_REMOVAL_PUBLIC_PATH: '/files/bg-1.7/',
      }).backgroundRemoval,
    ).toEqual({
      model: 'isnet_quint8',
      device: 'cpu',
      outputFormat: 'jpeg',
      quality: 1,
      publicPath: '/files/bg-1.7/',
    });
    expect(loadConfig({ BACKGROUND_REMOVAL_QUALITY: '0' }).backgroundRemoval.quality).toBe(0);
  });

  it('refuses a background-removal setting outside its values, naming the key and the values', () => {
    const refusals: [Record<string, string>, string][] = [
      [
        { BACKGROUND_REMOVAL_MODEL: 'u2net' },
        'BACKGROUND_REMOVAL_MODEL: Invalid option: expected one of "isnet"|"isnet_fp16"|"isnet_quint8"',
      ],
      [
        { BACKGROUND_REMOVAL_DEVICE: 'webgpu' },
        'BACKGROUND_REMOVAL_DEVICE: Invalid option: expected one of "cpu"|"gpu"',
      ],
      [
        { BACKGROUND_REMOVAL_OUTPUT_FORMAT: 'rgba8' },
        'BACKGROUND_REMOVAL_OUTPUT_FORMAT: Invalid option: expected one of "png"|"jpeg"|"webp"',
      ],
      [{ BACKGROUND_REMOVAL_QUALITY: '1.5' }, 'BACKGROUND_REMOVAL_QUALITY: a number from 0 to 1'],
      [{ BACKGROUND_REMOVAL_QUALITY: '-0.1' }, 'BACKGROUND_REMOVAL_QUALITY: a number from 0 to 1'],
      [{ BACKGROUND_REMOVAL_QUALITY: 'high' }, 'BACKGROUND_REMOVAL_QUALITY: a number from 0 to 1'],
    ];
    for (const [env, problem] of refusals) expect(() => loadConfig(env), problem).toThrow(problem);
  });

  it('takes a folder of this server or an address ending in / as the background-removal public path', () => {
    for (const publicPath of [
      '/',
      'background-removal/',
      '/background-removal',
      '/a/../b/',
      '/./',
      '/api/background-removal/',
      '/assets/',
      '//cdn.example.com/models/',
      '/with space/',
      'ftp://cdn.example.com/models/',
      'https://cdn.example.com/models',
      'https://cdn.example.com/models/?v=1/',
      'https:///models/',
    ]) {
      expect(() => loadConfig({ BACKGROUND_REMOVAL_PUBLIC_PATH: publicPath }), publicPath).toThrow(
        "BACKGROUND_REMOVAL_PUBLIC_PATH: a path on this server starting and ending with '/'",
      );
    }
    for (const publicPath of [
      '/bg/',
      '/static/background-removal/1.7.0/',
      'https://cdn.example.com/',
      'http://127.0.0.1:8080/bg/',
    ]) {
      expect(loadConfig({ BACKGROUND_REMOVAL_PUBLIC_PATH: publicPath }).backgroundRemoval.publicPath).toBe(
        publicPath,
      );
    }
  });

  it('refuses a model this server does not have to serve, and trusts an operator who serves it', () => {
    // The installed data package has the medium and small models only.
    expect(() => loadConfig({ BACKGROUND_REMOVAL_MODEL: 'isnet' })).toThrow(
      'BACKGROUND_REMOVAL_MODEL: isnet is not installed (@imgly/background-removal-data has isnet_fp16, isnet_quint8)',
    );
    expect(() =>
      loadConfig({ BACKGROUND_REMOVAL_MODEL: 'isnet', BACKGROUND_REMOVAL_PUBLIC_PATH: '/models/' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({
        BACKGROUND_REMOVAL_MODEL: 'isnet',
        BACKGROUND_REMOVAL_PUBLIC_PATH: 'https://cdn.example.com/background-removal/',
      }).backgroundRemoval.model,
    ).toBe('isnet');
  });

  it('reads TRUST_PROXY as a number of hops or the proxies, and true as one hop with a note', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).startupNotes).toEqual([]);
    for (const off of ['false', 'no', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '2' }).startupNotes).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 172.16.0.0/12,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.7',
      '172.16.0.0/12',
      'loopback',
      'fd00::/8',
    ]);

    for (const yes of ['true', 'TRUE', 'yes']) {
      const config = loadConfig({ TRUST_PROXY: yes });
      expect(config.trustProxy).toBe(1);
      expect(config.startupNotes).toEqual([expect.stringMatching(/^TRUST_PROXY=true is read as 1: /)]);
    }
  });

  it('notes at start when mail goes out through MAIL_URL from the default no-reply@localhost', () => {
    const smtp = 'smtp://mail.example.test:587';
    expect(loadConfig({ MAIL_URL: smtp }).startupNotes).toEqual([
      expect.stringMatching(/^MAIL_URL is set but MAIL_FROM is not/),
    ]);
    expect(
      loadConfig({ MAIL_URL: smtp, MAIL_FROM: 'Snaplist <hello@snaplist.example>' }).startupNotes,
    ).toEqual([]);
    expect(loadConfig({}).mail.from).toBe('Snaplist <no-reply@localhost>');
  });

  it('notes at start when eBay is set up without the account deletion token eBay requires', () => {
    const ebay = { EBAY_CLIENT_ID: 'app-id', EBAY_CLIENT_SECRET: 'cert-id', EBAY_RU_NAME: 'Ru-Name' };
    expect(loadConfig(ebay).startupNotes).toEqual([
      expect.stringMatching(/^eBay is configured without EBAY_DELETION_VERIFICATION_TOKEN/),
    ]);
    const token = 'snaplist_verification_token_0123456789abcdef';
    expect(loadConfig({ ...ebay, EBAY_DELETION_VERIFICATION_TOKEN: token }).startupNotes).toEqual([]);
  });

  it('refuses a TRUST_PROXY that is neither a count nor addresses, naming what is wrong', () => {
    for (const [value, named = value] of [
      ['everything'],
      ['10.0.0.300'],
      ['10.0.0.0/33, 10.1.0.0/16', '10.0.0.0/33'],
      ['fd00::/129'],
      ['10.0.0.0/8/1'],
      ['-1'],
    ] as const) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        new RegExp(`TRUST_PROXY: .*\\(not an address or range: ${named.replace(/[./]/g, '\\$&')}\\)`),
      );
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
