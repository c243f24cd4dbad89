/** A small lz-string payload that expands enormously, for the link size guard's tests. */

const URI_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/**
 * A hand-made lz-string bomb: the character "a", then `codes` codes that each name the entry being
 * defined (lz-string's "KwKwK" case), so entry k is k+1 characters long: 1 + 2 + ... + (codes + 1)
 * characters out of about 13 bits each. (Made by hand because lz-string would have to compress the
 * whole expanded text to make one, far too slow for a test.)
 */
export function lzBomb(codes: number): string {
  const bits: number[] = [];
  const put = (value: number, n: number) => {
    for (let i = 0; i < n; i++) bits.push((value >> i) & 1);
  };
  put(0, 2); // an 8-bit character follows
  put(97, 8);
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  for (let k = 0; k < codes; k++) {
    put(dictSize, numBits);
    dictSize++;
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
  put(2, numBits); // end of stream
  while (bits.length % 6 !== 0) bits.push(0);
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += URI_ALPHABET[bits.slice(i, i + 6).reduce((v, b, k) => v | (b << (5 - k)), 0)];
  return `${out}A`;
}
