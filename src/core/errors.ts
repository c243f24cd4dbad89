/**
 * Bad input from outside the game (a flag, a file, a link, a check's inputs): its message is for
 * the user and names what is wrong. The CLI exits 2 on it; the browser shows it and carries on.
 */
export class InputError extends Error {
  override name = 'InputError';
}
