// What the CLI bundle was made from: the number of files under src/ and the newest change time.
// Any edit, new file or removed file changes it (src/cli/trapsmith.mjs, src/cli/bundle.mjs).
import { readdirSync, statSync } from 'node:fs';

export function sourceStamp(dir) {
  let files = 0;
  let newest = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = `${d}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else {
        files++;
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  walk(dir);
  return `${files}:${newest}`;
}
