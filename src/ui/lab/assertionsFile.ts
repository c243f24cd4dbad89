/**
 * The assertions the lab checks: the shipped default file, or a designer's own JSON file read in
 * the page and validated by the same schema as `trapsmith assert --file` (sim/assertions.ts), so a
 * bad file is turned away at once with the message naming the bad field.
 */
import defaults from '../../sim/assertions.default.json';
import { AssertionFileError, type AssertionFile, MAX_ASSERTIONS_BYTES, parseAssertions } from '../../sim/assertions.ts';

export interface AssertionSource {
  /** What the page says it is checking ("the default file", a file's name). */
  name: string;
  file: AssertionFile;
  /** False for the shipped default. */
  custom: boolean;
}

export const DEFAULT_NAME = 'the default assertions (src/sim/assertions.default.json)';

export function defaultAssertions(): AssertionSource {
  return { name: DEFAULT_NAME, file: parseAssertions(defaults, 'assertions.default.json'), custom: false };
}

/** Files bigger than this are refused before they are read: the reader's own limit. */
export const MAX_FILE_BYTES = MAX_ASSERTIONS_BYTES;

/** Reads a designer's file; the error says what is wrong and where ("mine.json: assertions.2.sim.runs: ..."). */
export function readAssertionsText(text: string, name: string): { ok: true; source: AssertionSource } | { ok: false; error: string } {
  try {
    const file = parseAssertions(text, name);
    if (file.assertions.length === 0) return { ok: false, error: `${name}: the file has no assertions` };
    return { ok: true, source: { name, file, custom: true } };
  } catch (e) {
    if (e instanceof AssertionFileError) return { ok: false, error: e.message };
    throw e;
  }
}
