/**
 * The trap editor's reader of exact odds, off the page's thread: a large file can take seconds to
 * read exactly before the interpreter's step limit says it is too large, and typing must not wait
 * for it. The page terminates a reading that is still running when the next one is asked for
 * (trapOddsClient.ts). It reads the file again itself (it trusts no message) and registers nothing.
 */
// First: no code from strings in this worker, whatever the host's headers (noEval.ts).
import './noEval.ts';
import '../../rulesets/index.ts';
import type { OddsRequest, OddsResponse } from './trapOddsClient.ts';
import { type Json, readDraft, stepOddsOf, stepOutcomes } from './trapEditorModel.ts';

const post = (m: OddsResponse) => (self as unknown as Worker).postMessage(m);

self.addEventListener('message', (e: MessageEvent<OddsRequest>) => {
  const { id, file, inputs } = e.data;
  try {
    // A TrapFile is JSON data: read as the draft it came from.
    const r = readDraft(file as unknown as Json);
    if (!r.ok) post({ id, error: r.issues.join('; ') });
    else post({ id, reading: stepOddsOf(r.file, r.ruleset, inputs), outcomes: [...stepOutcomes(r.ruleset)] });
  } catch (err) {
    post({ id, error: (err as Error).message ?? String(err) });
  }
});
