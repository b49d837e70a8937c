import './ui/global.css';

/**
 * The entry is small on purpose; the app (React, router, messages) is a separate chunk.
 * - A page the server did not pre-render is empty until the app runs: the server lists the
 *   page's chunks as `modulepreload` links, so they download together with this entry.
 * - A page the build pre-rendered shows from its HTML and CSS alone. Its chunks (the root's
 *   `data-modules`) are requested right after that first paint, so they neither compete with the
 *   CSS for the connection nor, when cached, hold the paint back while they run.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const url = `${window.location.pathname}${window.location.search}${window.location.hash}`;

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A frame has painted once the one after it starts; hidden tabs run no frames, hence the timer.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}

function preloadModules(list: string | undefined): void {
  for (const href of list?.split(' ') ?? []) {
    if (!href.startsWith('/') || document.querySelector(`link[href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const ready = container.hasChildNodes()
  ? afterFirstPaint().then(() => preloadModules(container.dataset.modules))
  : Promise.resolve();
void ready
  .then(() => import('./start-app.tsx'))
  .then(({ startApp }) => startApp(container, { hydrate: container.dataset.prerendered === url }));
