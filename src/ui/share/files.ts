/** Files in and out of the page: downloads made from text, and chosen files read within limits. */
import { LIMITS, parseReplayText, type ReplayFile, type Result } from '../../share/index.ts';

/** Offers `text` as a download named `name`. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by now; keep the URL a little while for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** `trapsmith-cdda-k3x9-turn120.save.json`: only safe characters from the seed. */
export function fileNameFor(file: ReplayFile, kind: 'save' | 'replay'): string {
  const seed = file.seed.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40) || 'game';
  return `trapsmith-${file.ruleset}-${seed}-turn${file.turn ?? file.actions.length}.${kind}.json`;
}

/** Reads a chosen file: refused by size before it is read, then checked like any replay file. */
export async function readChosen(file: File): Promise<Result<ReplayFile>> {
  if (file.size > LIMITS.fileChars)
    return {
      ok: false,
      problem: { kind: 'size', message: `The file is too large (${file.size.toLocaleString('en')} bytes; the limit is ${LIMITS.fileChars.toLocaleString('en')}).` },
    };
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return { ok: false, problem: { kind: 'syntax', message: `The file could not be read (${(e as Error).message}).` } };
  }
  return parseReplayText(text);
}
