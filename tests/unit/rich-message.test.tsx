import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { richMessage } from '../../client/i18n/useI18n.tsx';

const html = (template: string, values: Parameters<typeof richMessage>[1]) =>
  renderToString(<p>{richMessage(template, values)}</p>);

describe('messages with elements in their placeholders', () => {
  it('puts the elements where the template says', () => {
    expect(
      html('{action} on {time}: {reason}', {
        action: <strong>Amended</strong>,
        time: <time>May 1</time>,
        reason: 'A typing error',
      }),
    ).toBe('<p><strong>Amended</strong> on <time>May 1</time>: A typing error</p>');
  });

  it('joins text values to the words around them, so server HTML has no text separators', () => {
    expect(html('Page {page} of {pages}, {word}', { page: 2, pages: 9, word: 'newest' })).toBe(
      '<p>Page 2 of 9, newest</p>',
    );
  });

  it('leaves a placeholder it was not given as written', () => {
    expect(html('Due by {day}', {})).toBe('<p>Due by {day}</p>');
  });
});
