/**
 * The test of a text the player reads as a sentence (or several): a capital at the start of each,
 * one full stop at the end (an ellipsis is three), no stray commas, a comma before ", on" after a
 * parenthesis. Shared by the words tests of the rulesets and of the page's notices.
 */

/** What is wrong with a text the player reads as a sentence (or several), or null. */
export function sentenceProblem(text: string): string | null {
  if (text.trim() !== text || text.length === 0) return 'blank or padded';
  // A sentence may open with a parenthesis or a quotation: the first letter or digit counts.
  const first = /[\p{L}\d]/u.exec(text)?.[0] ?? '';
  if (first !== first.toUpperCase()) return 'starts lowercase';
  if (/(?<!\.)\.\.(?!\.)/.test(text)) return 'a double full stop';
  if (!/[.!?]["')]?$/.test(text)) return 'no full stop at the end';
  if (/\.,|,,| ,| \./.test(text)) return 'stray punctuation';
  if (/\) on /.test(text)) return 'no comma after a parenthesis';
  // Each sentence after the first starts with a capital too ("on stone floor. it is ..." is not).
  if (/[.!?] +\p{Ll}/u.test(text.replace(/\b(ft|e\.g|i\.e|vs)\./g, '$1'))) return 'a sentence starts lowercase';
  return null;
}
