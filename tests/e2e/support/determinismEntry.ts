/** The browser side of determinism.ts: the five rulesets and `playFile` on `window.__determinism`. */
import '../../../src/rulesets/index.ts';
import { playFile } from './determinism.ts';

declare global {
  interface Window {
    __determinism?: { playFile: typeof playFile };
  }
}

window.__determinism = { playFile };
