/**
 * One Filipino word per concept (issue 31): "abiso" had come to mean advisories, bid
 * alerts and procurement notices at once. The glossary in content/README.md settles the
 * three, and every catalogue follows it, as it follows its one word for the administrator.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alertMailEn } from '../../shared/alerts/alert-mail-messages-en.ts';
import { alertMailFil } from '../../shared/alerts/alert-mail-messages-fil.ts';
import { en } from '../../shared/i18n/messages-en.ts';
import { fil } from '../../shared/i18n/messages-fil.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { staffFil } from '../../shared/i18n/staff-messages-fil.ts';

const glossary = readFileSync('content/README.md', 'utf8');

/** The Filipino the glossary gives an English term, from its table row. */
function glossaryTerm(english: string): string | undefined {
  const row = glossary.split('\n').find((line) => line.startsWith(`| ${english} |`));
  return row?.split('|')[2]?.trim();
}

const pairs: [string, string, string][] = [
  ...Object.entries(en).map(
    ([key, text]) => [key, text, fil[key as keyof typeof fil]] as [string, string, string],
  ),
  ...Object.entries(staffEn).map(
    ([key, text]) =>
      [key, text, staffFil[key as keyof typeof staffFil]] as [string, string, string],
  ),
  ...Object.entries(alertMailEn).map(
    ([key, text]) =>
      [key, text, alertMailFil[key as keyof typeof alertMailFil]] as [string, string, string],
  ),
];

describe('the glossary', () => {
  it('settles advisories, bid alerts and notices as three words', () => {
    expect(glossaryTerm('Advisories / Warning / Danger')).toBe('Mga Paalala / Babala / Panganib');
    expect(glossaryTerm('Bid alerts')).toBe('Mga alerto sa bid');
    expect(glossaryTerm('Notice (a procurement notice)')).toBe('Abiso');
    expect(glossaryTerm('Administrator')).toBe('Tagapangasiwa (Admin)');
  });

  it('is followed by every catalogue: an advisory is a paalala and an alert an alerto, never an abiso', () => {
    for (const [key, english, filipino] of pairs) {
      const notice = /notice/i.test(english);
      if (/advisor/i.test(english) && !notice) {
        expect(filipino, key).not.toMatch(/abiso/i);
        expect(filipino, key).toMatch(/paalala/i);
      }
      if (/\balerts?\b/i.test(english) && !notice) expect(filipino, key).not.toMatch(/abiso/i);
    }
  });

  it('names the administrator one way, and asks for one in one sentence', () => {
    for (const [key, english, filipino] of pairs) {
      expect(filipino, key).not.toMatch(/administrator/i);
      if (/Ask an administrator\.$/.test(english))
        expect(filipino, key).toMatch(/Makipag-ugnayan sa isang tagapangasiwa\.$/);
    }
  });

  it('counts records and says "not yet due" as a resident would', () => {
    expect(fil['list.showing']).toContain('sa {total} talaan');
    expect(fil['disclosure.notYetDue']).toBe('Hindi pa dapat');
    expect(fil['news.title']).not.toBe('Iba Pang Balita');
  });
});
