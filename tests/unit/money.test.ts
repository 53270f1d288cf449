import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatPesos,
  MAX_CENTAVOS,
  parseMoney,
  pesosFromDecimal,
} from '../../shared/money.ts';

describe('parseMoney', () => {
  it.each([
    ['1234567.89', 123456789],
    ['1,234,567.89', 123456789],
    ['₱1,234,567.89', 123456789],
    ['  1234567.8 ', 123456780],
    ['0', 0],
    ['0.05', 5],
    ['999', 99900],
    ['1,000', 100000],
    ['100,000,000,000.00', MAX_CENTAVOS],
    ['100000000000', MAX_CENTAVOS],
    ['000012.50', 1250],
  ])('reads %s as %i centavos', (text, centavos) => {
    expect(parseMoney(text)).toEqual({ ok: true, centavos });
  });

  it.each([
    ['-1', 'ABC must not be negative.'],
    ['-0.01', 'ABC must not be negative.'],
    ['1.234', 'ABC may have at most 2 decimal places (centavos).'],
    ['1,234.567', 'ABC may have at most 2 decimal places (centavos).'],
    ['100,000,000,000.01', 'ABC must be at most ₱100,000,000,000.00.'],
    ['1000000000000000000000', 'ABC must be at most ₱100,000,000,000.00.'],
    ['12,34,567', 'ABC may use commas only between groups of three digits, like 1,234,567.89.'],
    ['1234,567', 'ABC may use commas only between groups of three digits, like 1,234,567.89.'],
    [',123', 'ABC may use commas only between groups of three digits, like 1,234,567.89.'],
    ['1,23', 'ABC may use commas only between groups of three digits, like 1,234,567.89.'],
    ['', 'ABC must be an amount in pesos, like 1234567.89 or 1,234,567.89.'],
    ['1e6', 'ABC must be an amount in pesos, like 1234567.89 or 1,234,567.89.'],
    ['.5', 'ABC must be an amount in pesos, like 1234567.89 or 1,234,567.89.'],
    ['5.', 'ABC must be an amount in pesos, like 1234567.89 or 1,234,567.89.'],
    ['12 345', 'ABC must be an amount in pesos, like 1234567.89 or 1,234,567.89.'],
    ['Infinity', 'ABC must be an amount in pesos, like 1234567.89 or 1,234,567.89.'],
  ])('refuses %j, saying why', (text, message) => {
    expect(parseMoney(text, 'ABC')).toMatchObject({ ok: false, message });
  });
});

describe('formatting centavos', () => {
  it.each([
    [123456789, '1234567.89', '₱1,234,567.89'],
    [0, '0.00', '₱0.00'],
    [5, '0.05', '₱0.05'],
    [100000, '1000.00', '₱1,000.00'],
    [99999, '999.99', '₱999.99'],
    [MAX_CENTAVOS, '100000000000.00', '₱100,000,000,000.00'],
  ])('%i is %s for the API and %s for pages', (centavos, decimal, pesos) => {
    expect(formatDecimal(centavos)).toBe(decimal);
    expect(formatPesos(centavos)).toBe(pesos);
    expect(pesosFromDecimal(decimal)).toBe(pesos);
    expect(parseMoney(decimal)).toEqual({ ok: true, centavos });
    // One form for both languages: fil-PH writes pesos as en-PH does.
    const filipino = new Intl.NumberFormat('fil-PH', { style: 'currency', currency: 'PHP' });
    expect(filipino.format(centavos / 100)).toBe(pesos);
  });

  it('refuses a fraction of a centavo rather than rounding it away', () => {
    expect(() => formatDecimal(1.5)).toThrow(RangeError);
  });
});
