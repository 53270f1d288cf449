import { describe, expect, it } from 'vitest';
import { renderNewsMarkdown, summaryOf } from '../../server/news/markdown.ts';
import { newsDateFromText } from '../../shared/news.ts';

describe('the news Markdown subset', () => {
  it('renders paragraphs, emphasis, links, lists, headings and quotations', () => {
    const html = renderNewsMarkdown(
      '# Notice\n\nRoads *closed* on **Saturday**: see [the map](/news) or [PAGASA](https://pagasa.dost.gov.ph) or [mail](mailto:pio@san-isidro.gov.ph).\n\n- one\n- two\n\n1. first\n\n> quoted',
    );
    expect(html).toContain('<h2>Notice</h2>');
    expect(html).toContain('<em>closed</em>');
    expect(html).toContain('<strong>Saturday</strong>');
    expect(html).toContain('<a href="/news">the map</a>');
    expect(html).toContain('<a href="https://pagasa.dost.gov.ph">PAGASA</a>');
    expect(html).toContain('<a href="mailto:pio@san-isidro.gov.ph">mail</a>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<ol>\n<li>first</li>');
    expect(html).toContain('<blockquote>');
  });

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<div onclick="x()">hi</div>', '&lt;div onclick=&quot;x()&quot;&gt;hi&lt;/div&gt;'],
    ['text <iframe src="https://evil.example"></iframe>', '&lt;iframe'],
    ['![x" onerror="alert(1)](https://evil.example/x.png)', 'x&quot; onerror=&quot;alert(1)'],
  ])('shows HTML as text: %s', (markdown, shown) => {
    const html = renderNewsMarkdown(markdown);
    expect(html).toContain(shown);
    expect(html).not.toMatch(/<(script|div|iframe|img)\b/);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JavaScript:alert(1))',
    '[x](jav&#x61;script:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](vbscript:msgbox(1))',
    '[x](//evil.example/path)',
    '[x](/\\evil.example/path)',
    '<javascript:alert(1)>',
    '[x]( javascript:alert(1))',
  ])('drops a link that goes nowhere safe, keeping its words: %s', (markdown) => {
    const html = renderNewsMarkdown(markdown);
    expect(html).not.toContain('<a ');
  });

  it('escapes an allowed link’s address and title, so no entity in them is decoded into markup', () => {
    const html = renderNewsMarkdown('[x](https://example.org/?a=1&b="2" "t\\"<b>")');
    expect(html).not.toMatch(/<b>/);
    expect(html).toMatch(/<a href="https:\/\/example\.org\/\?a=1&amp;b=[^"]*"/);
  });

  it('makes a summary of the first paragraph’s words, cut at a word', () => {
    expect(summaryOf('## Heading\n\nHello **world**, see [the map](/x).\n\nMore.')).toBe(
      'Hello world, see the map.',
    );
    const long = summaryOf(`${'word '.repeat(100)}end`, 30);
    expect([...long].length).toBeLessThanOrEqual(30);
    expect(long).toMatch(/word…$/);
  });
});

describe('news dates in content/news.json', () => {
  it.each([
    ['May 16, 2025', '2025-05-16'],
    ['Sept. 5, 2024', '2024-09-05'],
    ['2025-06-02', '2025-06-02'],
  ])('reads %s', (text, iso) => expect(newsDateFromText(text)).toBe(iso));

  it.each(['February 30, 2025', 'Mayday 1, 2025', '16/05/2025', 'soon'])('refuses %s', (text) =>
    expect(newsDateFromText(text)).toBeUndefined(),
  );
});
