/**
 * A minimal PNG reader for screenshots (8-bit RGB or RGBA, non-interlaced: what Chromium writes),
 * so the tests read the real pixels of the canvas without another dependency.
 */
import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGBA, row-major. */
  data: Uint8Array;
}

export function decodePng(buf: Buffer): Image {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8;
  let width = 0;
  let height = 0;
  let colourType = 0;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8]!;
      colourType = body[9]!;
      if (depth !== 8 || (colourType !== 2 && colourType !== 6) || body[12] !== 0) throw new Error('unsupported PNG');
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  const bpp = colourType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      let v = line[i]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = cur[x * bpp]!;
      out[o + 1] = cur[x * bpp + 1]!;
      out[o + 2] = cur[x * bpp + 2]!;
      out[o + 3] = bpp === 4 ? cur[x * bpp + 3]! : 255;
    }
    prev = cur;
  }
  return { width, height, data: out };
}

/** The brightest pixel of a rectangle (0..255 by max channel) and its colour. */
export function brightest(img: Image, x0: number, y0: number, w: number, h: number): { value: number; rgb: [number, number, number] } {
  let best = { value: -1, rgb: [0, 0, 0] as [number, number, number] };
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, Math.ceil(y0 + h)); y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, Math.ceil(x0 + w)); x++) {
      const o = (y * img.width + x) * 4;
      const v = Math.max(img.data[o]!, img.data[o + 1]!, img.data[o + 2]!);
      if (v > best.value) best = { value: v, rgb: [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!] };
    }
  return best;
}
