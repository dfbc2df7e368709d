// Every view keeps its state in the hash: #/<route...>?key=value&..., so any configuration can be linked.

export interface Route {
  parts: string[];
  params: URLSearchParams;
}

export function parseHash(hash = location.hash): Route {
  const h = hash.replace(/^#\/?/, '');
  const q = h.indexOf('?');
  const path = q >= 0 ? h.slice(0, q) : h;
  const query = q >= 0 ? h.slice(q + 1) : '';
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(query) };
}

export function buildHash(parts: string[], params: Record<string, string> | URLSearchParams): string {
  const p = params instanceof URLSearchParams ? params : new URLSearchParams(params);
  // Keep commas and pipes readable in links.
  const q = p.toString().replace(/%2C/gi, ',').replace(/%7C/gi, '|').replace(/%2F/gi, '/');
  return `#/${parts.map(encodeURIComponent).join('/')}${q ? `?${q}` : ''}`;
}

let timer = 0;
let pending = '';
const pathOf = (hash: string) => parseHash(hash).parts.join('/');

/**
 * Replaces the hash without a history entry or a hashchange-driven re-render (debounced while dragging). A write
 * whose page is no longer the location's is dropped: the location can change (a link, back, a typed hash) and this
 * timer run before the hashchange event that would have dropped it, and writing then would send the reader back.
 */
export function replaceHash(hash: string): void {
  pending = hash;
  if (timer) return;
  timer = window.setTimeout(() => {
    timer = 0;
    if (pathOf(location.hash) !== pathOf(pending)) return;
    if (location.hash !== pending) history.replaceState(null, '', pending);
  }, 60);
}

/** Writes a pending hash now, into the current history entry (a link clicked: before the browser leaves it). */
export function flushHash(): void {
  if (timer) {
    clearTimeout(timer);
    timer = 0;
    if (location.hash !== pending) history.replaceState(null, '', pending);
  }
}

/**
 * Forgets a pending hash (the location has already changed: back / forward, a typed or scripted hash). Written then,
 * it would replace the new location with the page left behind, and the navigation would bounce back.
 */
export function dropHash(): void {
  if (timer) {
    clearTimeout(timer);
    timer = 0;
  }
}
