import { describe, expect, it } from 'vitest';
import { clientNetwork, parseMailAddress } from '../../server/alerts/mail-address.ts';

describe('the subscribe form’s address', () => {
  it('refuses whatever a mail library would read as something besides one plain mailbox', () => {
    for (const text of [
      '"v"@example.com',
      'name<v@example.com>',
      'name <v@example.com>',
      'x,v@example.com',
      'x;v@example.com',
      '(c)v@example.com',
      'v(c)@example.com',
      'v@example.com.',
      'v@[192.0.2.1]',
      'v@192.0.2.1',
      'v@localhost',
      'v..w@example.com',
      '.v@example.com',
      'v@exa mple.com',
      'v@ex%41mple.com',
      'a@b@example.com',
      `${'v'.repeat(65)}@example.com`,
      'v@-example.com',
      '',
    ]) {
      expect(parseMailAddress(text), text).toBeNull();
    }
  });

  it('keeps the local part, lower-cases the domain (punycode for IDN) and folds case and +tag for the limits', () => {
    expect(parseMailAddress(' V+news@Example.COM ')).toEqual({
      address: 'V+news@example.com',
      mailbox: 'v@example.com',
    });
    expect(parseMailAddress('juan@Bücher.example')).toEqual({
      address: 'juan@xn--bcher-kva.example',
      mailbox: 'juan@xn--bcher-kva.example',
    });
    expect(parseMailAddress("o'brien@example.com")?.address).toBe("o'brien@example.com");
  });
});

describe('a client’s network for the per-client limit', () => {
  it('is the IPv4 /24 (mapped or not) and the IPv6 /64, however spelt', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.0/24');
    expect(clientNetwork('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    const network = clientNetwork('2001:db8:1:2::1');
    expect(network).toBe('2001:db8:1:2::/64');
    for (const ip of ['2001:0DB8:0001:0002:ffff:0:0:9', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::'])
      expect(clientNetwork(ip), ip).toBe(network);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(network);
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
