/**
 * Where a tooltip goes beside the pointer so that all of it stays inside a box (the map): below
 * and right of the pointer by default, flipped to the left or above where it would cross the
 * box's edge, and pushed back inside when even that does not fit. Measured, not guessed: the
 * caller passes the tooltip's size as drawn.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** One axis: the start of a span of `size` near `at`, inside [lo, hi] when it fits there. */
function along(at: number, size: number, lo: number, hi: number, gap: number): number {
  const after = at + gap;
  if (after + size <= hi) return after;
  const before = at - gap - size;
  if (before >= lo) return before;
  // Neither side fits whole: as far in as the box allows (its start, when the tip is larger).
  return Math.max(lo, Math.min(after, hi - size));
}

/** The tooltip's top-left corner, in the same coordinates as `pointer` and `box`. */
export function tipPosition(pointer: { x: number; y: number }, size: { width: number; height: number }, box: Box, gap = 14): { left: number; top: number } {
  return { left: along(pointer.x, size.width, box.left, box.right, gap), top: along(pointer.y, size.height, box.top, box.bottom, gap) };
}

/** The part of an element's box that is inside the window (a map larger than the window is cut). */
export function visibleBox(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { left: Math.max(0, r.left), top: Math.max(0, r.top), right: Math.min(window.innerWidth, r.right), bottom: Math.min(window.innerHeight, r.bottom) };
}

/** Places a `position: fixed` tooltip that is already shown (so it can be measured) beside the pointer, inside `within`. */
export function placeTip(tip: HTMLElement, pointer: { clientX: number; clientY: number }, within: Element): void {
  const box = visibleBox(within);
  // No wider than the box (a phone's map is narrower than the odds' longest line): it wraps.
  tip.style.maxWidth = `${Math.max(0, box.right - box.left)}px`;
  const at = tipPosition({ x: pointer.clientX, y: pointer.clientY }, { width: tip.offsetWidth, height: tip.offsetHeight }, box);
  tip.style.left = `${at.left}px`;
  tip.style.top = `${at.top}px`;
}
