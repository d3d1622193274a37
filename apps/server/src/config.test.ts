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
