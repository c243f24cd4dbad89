/**
 * Offline play: registers `sw.js` (public/sw.js, served beside index.html), which keeps the whole
 * built site in the browser's cache after the first visit. Only in a built site: under the dev
 * server the files change with every edit and must not be cached.
 */
export interface OfflineState {
  /** 'ready': the site is cached and works offline; 'unsupported' / 'failed': it does not. */
  status: 'pending' | 'ready' | 'unsupported' | 'failed' | 'off';
  message?: string;
}

export function registerOffline(onChange: (s: OfflineState) => void): void {
  if (!import.meta.env.PROD) {
    onChange({ status: 'off', message: 'Offline cache is off under the dev server.' });
    return;
  }
  if (!('serviceWorker' in navigator)) {
    onChange({ status: 'unsupported', message: 'This browser cannot keep the site for offline play.' });
    return;
  }
  onChange({ status: 'pending' });
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    const data = e.data as { type?: string; failed?: number } | null;
    if (data?.type === 'trapsmith-cached')
      onChange(data.failed ? { status: 'failed', message: `${data.failed} files could not be cached.` } : { status: 'ready' });
  });
  navigator.serviceWorker
    .register('./sw.js')
    .then(async () => {
      const reg = await navigator.serviceWorker.ready;
      // Ask the worker whether everything is cached (it answers with "trapsmith-cached").
      reg.active?.postMessage({ type: 'trapsmith-status' });
    })
    .catch((e: unknown) => onChange({ status: 'failed', message: `The offline cache could not start (${(e as Error).message}).` }));
}
