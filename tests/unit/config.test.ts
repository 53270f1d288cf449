import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('configuration from the environment', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      trustProxy: false,
      cookieSecure: 'auto',
      sessionKeys: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.contentDir).toMatch(/\/content$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['COOKIE_SECURE', 'sometimes'],
    ['HOST', '   '],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('reads valid values', () => {
    expect(loadConfig({ PORT: '8080', LOG_LEVEL: 'warn', COOKIE_SECURE: 'true' })).toMatchObject({
      port: 8080,
      logLevel: 'warn',
      cookieSecure: true,
    });
  });
});
