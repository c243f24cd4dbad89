/**
 * Words every part of the game writes alike (the core's messages, the rulesets' log lines, look
 * mode): an article before a name, a capital at the start of a sentence.
 */

/** "a bear trap", "an orc": the indefinite article a name takes. */
export function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** "Killed by a ..." from "killed by a ...". */
export function capitalise(text: string): string {
  return text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text;
}
