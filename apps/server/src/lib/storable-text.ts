/** Half of a UTF-16 surrogate pair without its other half (the `u` flag would hide them). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why PostgreSQL cannot store a string, or undefined when it can: a NUL character (refused in text), or a
 * lone surrogate (a JSON escape such as "\ud800" makes one; jsonb refuses it, and text would have it
 * silently replaced).
 */
export const unstorableText = (value: string): 'nul_character' | 'lone_surrogate' | undefined => {
  if (value.includes('\u0000')) return 'nul_character';
  if (LONE_SURROGATE.test(value)) return 'lone_surrogate';
  return undefined;
};
