// PLACEHOLDER until the Balance Lab lands: the lab tab mounts here.
export function mountLab(el: HTMLElement): void {
  el.textContent = 'The Balance Lab is being built.';
}
