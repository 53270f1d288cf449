import { describe, expect, it } from 'vitest';
import { canonicalPath } from '../../server/render/cache/canonical-path.ts';

const page = (path: string) => canonicalPath(path, { lowerCase: true });
const api = (path: string) => canonicalPath(path, { lowerCase: false });

describe('the one spelling of a path', () => {
  it('leaves a canonical path as it is', () => {
    for (const path of ['/', '/news', '/view-news/1', '/bids-reports/42', '/a.b/c~d_e'])
      expect(page(path)).toBe(path);
    expect(api('/api/content/parts/invitationToBid')).toBe('/api/content/parts/invitationToBid');
  });

  it('puts pages in lower case and keeps the case of API paths', () => {
    expect(page('/BAC-Input')).toBe('/bac-input');
    expect(api('/api/records/REPORTS/./')).toBe('/api/records/REPORTS');
  });

  it('decodes escapes of plain characters, in either hex case, and keeps the others upper-case', () => {
    expect(page('/%62ac-%49nput')).toBe('/bac-input');
    expect(api('/api/records/%72eports')).toBe('/api/records/reports');
    expect(page('/view-news/caf%c3%a9')).toBe('/view-news/caf%C3%A9');
    expect(page('/a%2fb')).toBe('/a%2Fb');
    expect(page('/100%')).toBe('/100%25');
  });

  it('resolves dot segments, written or escaped, never above the root', () => {
    expect(page('/./news')).toBe('/news');
    expect(page('/x/../news')).toBe('/news');
    expect(page('/x/%2E%2E/news')).toBe('/news');
    expect(page('/%2e/news/.')).toBe('/news');
    expect(page('/../../news')).toBe('/news');
    expect(page('/.hidden/..news')).toBe('/.hidden/..news');
  });

  it('drops doubled and trailing slashes, so no canonical path names another host', () => {
    expect(page('//news//')).toBe('/news');
    expect(page('//evil.example/x')).toBe('/evil.example/x');
    expect(page('///')).toBe('/');
  });

  it('escapes what a path may not hold as it is, a backslash among them', () => {
    expect(page('/\\evil.example')).toBe('/%5Cevil.example');
    expect(page('/a b')).toBe('/a%20b');
    expect(page('/ñ')).toBe('/%C3%B1');
  });
});
