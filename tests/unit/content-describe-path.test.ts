import { describe, expect, it } from 'vitest';
import { describePath } from '../../server/content/load.ts';

describe('describePath names where a content error is', () => {
  const destinations = {
    intro: 'Places',
    destinations: [
      { title: 'Talon ng Mapagpala' },
      { title: 'Tubigan Lakeside', contactNumbers: [] },
    ],
  };

  it('names a top-level field', () => {
    expect(describePath(destinations, ['intro'])).toBe('field "intro"');
  });

  it('names the entry of a nested list by its title, and the field inside it', () => {
    expect(describePath(destinations, ['destinations', 1, 'contactNumbers'])).toBe(
      'entry 2 ("Tubigan Lakeside") of "destinations", field "contactNumbers"',
    );
  });

  it('names entries of a top-level list by id or slug, and lists within lists', () => {
    const departments = [{ slug: 'budget-office', vision: 1 }];
    expect(describePath(departments, [0, 'vision'])).toBe(
      'entry 1 ("budget-office"), field "vision"',
    );
    const report = { quarters: [{ endedOn: 'June 30, 2024', rows: [{}, { status: 3 }] }] };
    expect(describePath(report, ['quarters', 0, 'rows', 1, 'status'])).toBe(
      'entry 1 ("June 30, 2024") of "quarters", entry 2 of "rows", field "status"',
    );
  });

  it('says "the whole file" when the file itself is wrong', () => {
    expect(describePath('', [])).toBe('the whole file');
  });
});
