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

/** "arrow" -> "arrows"; a name already plural ("gold coins", "caltrops") stays as it is. */
export function plural(noun: string): string {
  return noun.endsWith('s') ? noun : `${noun}s`;
}

/** "an arrow", "3 arrows", "gold coins": a count of a thing as a message names it. */
export function countOf(count: number, noun: string): string {
  if (count > 1) return `${count} ${plural(noun)}`;
  return noun.endsWith('s') ? noun : withArticle(noun);
}

/** "a key", "a key and 3 arrows", "a key, an orb and 3 arrows". */
export function listOf(phrases: readonly string[]): string {
  return phrases.length <= 1 ? (phrases[0] ?? '') : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}

/** "1 turn", "3 turns": a number of a unit. */
export function counted(n: number, unit: string): string {
  return `${n} ${n === 1 ? unit : plural(unit)}`;
}

/**
 * "12/30": hit points as every HUD line and meter shows them. Damage past 0 is not shown (an
 * actor dies at 0 or below in every ruleset): "-2/30" would read as a number the rules use.
 */
export function hpText(hp: number, max: number): string {
  return `${Math.max(0, hp)}/${max}`;
}
