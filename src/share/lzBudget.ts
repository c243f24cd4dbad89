/**
 * How long would an lz-string `compressToEncodedURIComponent` payload be once decompressed?
 *
 * lz-string's dictionary entries grow by one character per code, so n codes can expand to about
 * n²/2 characters: a 10 kB link can hold 10 MB of text, and lz-string builds all of it (and its
 * dictionary) before we could look. This walks the same bit stream as lz-string's `_decompress`
 * (libs/lz-string.js 1.5.0) but keeps only the lengths of the dictionary entries, in time linear in
 * the input, and stops as soon as the output would pass the limit.
 */

const URI_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE = new Map<string, number>([...URI_ALPHABET].map((c, i) => [c, i]));

export const URI_SAFE = /^[A-Za-z0-9+\-$]*$/;

export type Budget = { length: number } | { error: 'too-big' | 'truncated' | 'invalid' };

/**
 * The decompressed length of `input` (already checked against `URI_SAFE`), or why it has none:
 * `too-big` past `limit`, `truncated` when the stream ends without its end code (lz-string then
 * returns ""), `invalid` when a code points outside the dictionary (lz-string returns null).
 */
export function decompressedLength(input: string, limit: number): Budget {
  const length = input.length;
  if (length === 0) return { error: 'invalid' };
  const next = (i: number): number => VALUE.get(input.charAt(i)) ?? 0;
  const RESET = 32; // 6 bits a character
  let val = next(0);
  let position = RESET;
  let index = 1;
  const read = (n: number): number => {
    let bits = 0;
    for (let power = 1, max = 2 ** n; power !== max; power *= 2) {
      const bit = val & position;
      position >>= 1;
      if (position === 0) {
        position = RESET;
        val = next(index++);
      }
      if (bit > 0) bits += power;
    }
    return bits;
  };

  const entryLength: number[] = [0, 0, 0];
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;

  const first = read(2);
  if (first === 2) return { length: 0 };
  if (first === 3) return { error: 'invalid' };
  read(first === 0 ? 8 : 16);
  entryLength[3] = 1;
  let w = 1;
  let total = 1;

  for (;;) {
    if (index > length) return { error: 'truncated' };
    let c = read(numBits);
    if (c === 0 || c === 1) {
      read(c === 0 ? 8 : 16);
      entryLength[dictSize++] = 1;
      c = dictSize - 1;
      enlargeIn--;
    } else if (c === 2) {
      return { length: total };
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: number;
    if (c < dictSize && c >= 3) entry = entryLength[c]!;
    else if (c === dictSize) entry = w + 1;
    else return { error: 'invalid' };
    total += entry;
    if (total > limit) return { error: 'too-big' };
    entryLength[dictSize++] = w + 1;
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
