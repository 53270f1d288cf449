/*
 * Refusals are codes. Every refusal a service returns carries a `code` (SCREAMING_SNAKE,
 * one string-literal union per area) that pages word in their own language through the
 * staff catalogue, and that the JSON API sends beside its English `message`. Code decides
 * by the code, never by the words: the words change with the language and the wording,
 * and eslint's `codes/no-text-comparison` rule refuses a comparison of them.
 */

/**
 * Refusals any staff write may meet before its own checks: nobody signed in (401), or an
 * account without the role the write needs (403).
 */
export const ACCESS_REFUSALS = ['NOT_SIGNED_IN', 'NOT_PERMITTED'] as const;
export type AccessRefusalCode = (typeof ACCESS_REFUSALS)[number];

/**
 * `value` when it is one of `codes`, else undefined: how the browser reads the `code` of
 * an API answer, which it cannot trust to be one it knows.
 */
export function codeIn<Code extends string>(
  codes: readonly Code[],
  value: unknown,
): Code | undefined {
  return codes.find((code) => code === value);
}
