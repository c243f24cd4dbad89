/**
 * Replays a game link off the page's thread: checking and replaying grow with the link's moves
 * (up to LIMITS.actions), and the page stays live (with progress and Cancel) meanwhile. The same
 * checks and the same `replay` as on the page, so the world it hands back has the same hash.
 */
import '../../rulesets/index.ts';
import { serializeWorld } from '../../core/world.ts';
import { encodeActions } from '../../share/actionCodec.ts';
import { decodeLink } from '../../share/link.ts';
import { LIMITS } from '../../share/limits.ts';
import { replay } from '../../share/replay.ts';
import type { ReplayRequest, ReplayResponse } from './replayProtocol.ts';

const post = (m: ReplayResponse) => (self as unknown as Worker).postMessage(m);

self.addEventListener('message', (e: MessageEvent<ReplayRequest>) => {
  try {
    const decoded = decodeLink(e.data.payload);
    if (!decoded.ok) {
      post({ type: 'refused', problem: decoded.problem });
      return;
    }
    const { actions, ...file } = decoded.value;
    post({ type: 'progress', played: 0, total: actions.length });
    const run = replay(decoded.value, undefined, (played, total) => post({ type: 'progress', played, total }));
    post({
      type: 'done',
      file,
      actions: encodeActions(actions),
      accepted: encodeActions(run.accepted),
      world: serializeWorld(run.world),
      log: run.log.slice(-2 * LIMITS.logLines),
      played: run.played,
      refused: run.refused,
      ...(run.endedEarly ? { endedEarly: run.endedEarly } : {}),
      hash: run.hash,
      turn: run.turn,
      lure: run.lure,
      ...(run.hashMatches !== undefined ? { hashMatches: run.hashMatches } : {}),
      ...(run.turnMatches !== undefined ? { turnMatches: run.turnMatches } : {}),
    });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
});
