/**
 * The installable app's service worker (built into dist/web/sw.js by scripts/vite-service-worker.ts,
 * which puts the build's file list and fingerprint in front of it). It keeps the whole build, so
 * hexarena opens with no network: games against the computer (the AIs run in the page), hotseat, the
 * shipped puzzles and the analysis board need nothing from the server. What the server decides —
 * the API, online games' sockets — always goes to the network: a stale answer there would be wrong.
 */

// A module, so its names stay its own; the build wraps it in a function for the worker's script.
export {};

/** Every file of the build, and the build's fingerprint (both written in by the build). */
declare const PRECACHE: readonly string[];
declare const VERSION: string;

// The DOM library's types are the project's; a worker's own events are declared here, as far as used.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = `hexarena-${VERSION}`;
const precached = new Set(PRECACHE.map((path) => new URL(path, worker.location.href).pathname));
/** The page every address of the app is: the app reads what to show from the path. */
const SHELL = '/';

worker.addEventListener('install', (event) => {
  // `reload`: the files themselves, never a copy the browser's HTTP cache holds from an older build.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...precached].map((path) => new Request(path, { cache: 'reload' })))));
});

worker.addEventListener('activate', (event) => {
  // A new build's worker takes over only once no page of the old one is open (no skipWaiting), so a
  // page never mixes two builds' files; then the old build's files go.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('hexarena-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The network first, so a deploy is seen at once; the kept shell when there is none.
    event.respondWith(fetch(request).catch(() => fromCache(SHELL)));
    return;
  }
  if (precached.has(url.pathname)) event.respondWith(fromCache(url.pathname).catch(() => fetch(request)));
});

async function fromCache(path: string): Promise<Response> {
  const kept = await caches.match(path, { cacheName: CACHE });
  if (!kept) throw new Error(`${path} is not kept`);
  return kept;
}
