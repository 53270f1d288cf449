/**
 * Peso amounts. Stored as integer centavos so sums and comparisons are exact; sent as a
 * decimal string ("1234567.89") so no JSON reader turns them into a rounded float; shown
 * to people as "₱1,234,567.89".
 */

/** ₱100,000,000,000.00: beyond any municipal contract, and far inside Number's exact integers. */
export const MAX_CENTAVOS = 100_000_000_000_00;

/** Why an amount was refused, for a message in another language than the English `message`. */
export type MoneyProblem = 'negative' | 'commas' | 'format' | 'decimals' | 'tooLarge';

export type MoneyParse =
  { ok: true; centavos: number } | { ok: false; message: string; problem: MoneyProblem };

const PLAIN = /^\d+(\.\d+)?$/;
/** Commas only between full groups of three digits: 1,234,567.89 but not 12,34,567. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * Reads an amount typed as 1234567.89 or 1,234,567.89 (a leading ₱ is allowed). `label`
 * names the field in the message, e.g. "Contract Amount must not be negative."
 */
export function parseMoney(input: string, label = 'Amount'): MoneyParse {
  const text = input.trim().replace(/^₱\s*/, '');
  if (/^[-−]/.test(text)) {
    return { ok: false, message: `${label} must not be negative.`, problem: 'negative' };
  }
  if (!PLAIN.test(text) && !GROUPED.test(text)) {
    return text.includes(',')
      ? {
          ok: false,
          message: `${label} may use commas only between groups of three digits, like 1,234,567.89.`,
          problem: 'commas',
        }
      : {
          ok: false,
          message: `${label} must be an amount in pesos, like 1234567.89 or 1,234,567.89.`,
          problem: 'format',
        };
  }
  const [whole = '', fraction = ''] = text.replaceAll(',', '').split('.');
  if (fraction.length > 2) {
    return {
      ok: false,
      message: `${label} may have at most 2 decimal places (centavos).`,
      problem: 'decimals',
    };
  }
  const digits = whole.replace(/^0+(?=\d)/, '');
  // Longer than the limit's 12 digits of pesos: too large, and not safe to convert.
  const centavos =
    digits.length > 12 ? Infinity : Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (centavos > MAX_CENTAVOS) {
    return {
      ok: false,
      message: `${label} must be at most ${formatPesos(MAX_CENTAVOS)}.`,
      problem: 'tooLarge',
    };
  }
  return { ok: true, centavos };
}

function split(centavos: number): { sign: string; whole: string; fraction: string } {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Not a whole centavo: ${centavos}`);
  const absolute = Math.abs(centavos);
  return {
    sign: centavos < 0 ? '-' : '',
    whole: String(Math.floor(absolute / 100)),
    fraction: String(absolute % 100).padStart(2, '0'),
  };
}

/** The API's form: "1234567.89", always two decimals, no grouping. */
export function formatDecimal(centavos: number): string {
  const { sign, whole, fraction } = split(centavos);
  return `${sign}${whole}.${fraction}`;
}

/** The pages' form: "₱1,234,567.89", as en-PH and fil-PH both write it, so one form serves both languages. */
export function formatPesos(centavos: number): string {
  const { sign, whole, fraction } = split(centavos);
  return `${sign}₱${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/** An amount as the API sends it ("1234567.89") in the pages' form; text that is not an amount stays as it is. */
export function pesosFromDecimal(decimal: string): string {
  const parsed = parseMoney(decimal);
  return parsed.ok ? formatPesos(parsed.centavos) : decimal;
}
