import { describe, expect, it } from 'vitest';
import { echoedValue } from '../../server/http/form-echo.ts';

describe('echoedValue', () => {
  it('keeps a value within its field as typed, and a missing one as empty', () => {
    expect(echoedValue('Matibay Builders', 300)).toBe('Matibay Builders');
    expect(echoedValue(undefined, 40)).toBe('');
  });

  it('cuts by code point, never splitting a surrogate pair', () => {
    expect(echoedValue('x'.repeat(15_000), 1000)).toBe('x'.repeat(1000));
    expect(echoedValue('ñ'.repeat(20), 5)).toBe('ñ'.repeat(5));
    // Three astral characters at 4 bytes pass 3 bytes each on average after two.
    expect(echoedValue('😀😀😀', 3)).toBe('😀😀');
  });

  it('bounds the encoded size of a reason of emoji well under the 16 KB header limit', () => {
    const kept = echoedValue('😀'.repeat(1000), 1000);
    expect(encodeURIComponent(kept).length).toBeLessThanOrEqual(9000);
  });
});
