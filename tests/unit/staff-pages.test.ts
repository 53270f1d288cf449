import { describe, expect, it } from 'vitest';
import { areasFor, landingFor } from '../../client/staff/staff-areas.ts';
import { isStaffPage } from '../../client/staff/staff-pages.ts';

describe('isStaffPage: what the render cache renders for the one who asks', () => {
  it('covers the listed pages and every path under /staff/, whichever area adds it', () => {
    for (const path of [
      '/bac-login',
      '/bac-input',
      '/staff',
      '/staff/accounts',
      '/staff/set-password',
      '/staff/forgot-password',
      '/staff/news',
      '/staff/advisories/12',
      '/staff/full-disclosure',
    ]) {
      expect(isStaffPage(path), path).toBe(true);
    }
  });

  it('leaves public pages that only begin alike', () => {
    for (const path of [
      '/',
      '/news',
      '/staffing',
      '/staff-directory',
      '/bac-inputs',
      '/x/staff/a',
    ]) {
      expect(isStaffPage(path), path).toBe(false);
    }
  });
});

describe('the areas an account’s roles open', () => {
  it('lists each role’s areas, and every area for an administrator', () => {
    expect(areasFor(['information']).map((area) => area.path)).toEqual([
      '/staff/news',
      '/staff/advisories',
    ]);
    expect(areasFor(['admin'])).toHaveLength(5);
  });

  it('leads a one-area account to it and any other to the staff home', () => {
    expect(landingFor(['bac'])).toBe('/bac-input');
    expect(landingFor(['transparency'])).toBe('/staff/full-disclosure');
    expect(landingFor(['information'])).toBe('/staff');
    expect(landingFor(['bac', 'transparency'])).toBe('/staff');
  });
});
