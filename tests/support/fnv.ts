/** FNV-1a, 32 bits, carried across calls: a running hash of a log (the golden games, the Node-vs-Chromium games). */
export function fnv(h: number, text: string): number {
  let x = h;
  for (let i = 0; i < text.length; i++) {
    x ^= text.charCodeAt(i);
    x = Math.imul(x, 0x01000193);
  }
  return x >>> 0;
}

/** The hash FNV-1a starts from. */
export const FNV_START = 0x811c9dc5;
