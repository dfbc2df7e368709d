// The tutorial's entry point: loads collide2d, then routes #/... to a view. The case viewer (and its 115 KB corpus)
// is loaded only when it is opened.
import { init } from 'collide2d';
import './style.css';
import { legendList, type Mounted, mountChapter } from './chapter';
import { chapters } from './chapters/index';
import { heroFigure } from './chapters/hero';
import { mountSandbox } from './views/sandbox';
import { mountStress } from './views/stress';
import { dropHash, flushHash, parseHash } from './url';

const main = document.getElementById('main') as HTMLElement;
const nav = document.getElementById('nav') as HTMLElement;
const toggle = document.getElementById('nav-toggle') as HTMLButtonElement;
let current: Mounted | null = null;

const TOOLS: [string, string][] = [
  ['sandbox', 'Sandbox: every pair'],
  ['stress', 'Stress: N moving bodies'],
  ['cases', 'Case viewer (test corpus)'],
];

function buildNav(): void {
  const ol = document.createElement('ol');
  ol.className = 'nav-chapters';
  chapters.forEach((c) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#/chapter/${c.id}`;
    a.textContent = c.title;
    a.dataset.route = `chapter/${c.id}`;
    li.append(a);
    ol.append(li);
  });
  const tools = document.createElement('ul');
  tools.className = 'nav-tools';
  for (const [route, text] of TOOLS) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#/${route}`;
    a.textContent = text;
    a.dataset.route = route;
    li.append(a);
    tools.append(li);
  }
  const home = document.createElement('a');
  home.href = '#/';
  home.textContent = 'Start page';
  home.dataset.route = '';
  home.className = 'nav-home';
  const h = document.createElement('h2');
  h.textContent = 'Chapters';
  const h2 = document.createElement('h2');
  h2.textContent = 'Tools';
  nav.replaceChildren(home, h, ol, h2, tools);
}

function home(): Mounted {
  const art = document.createElement('article');
  art.className = 'home';
  art.innerHTML = `
<h1>Collision detection in 2D, one shape pair at a time</h1>
<p class="lead">Drag the shapes: <strong>collide2d</strong> (C++ compiled to WebAssembly) answers live whether they
touch, and how far to push B to separate them.</p>
<div class="hero" data-testid="hero"></div>
<p>Each chapter explains one test, shows its formula and a small program that computes exactly what the figure
shows, and lets you drag the shapes while the library answers. Every answer in the figures (hit or not, points,
normals, depths, parameters, distances) comes from the library, exactly as your own code gets it with
<code>import * as c2 from 'collide2d'</code>. A few drawing aids are the page's own arithmetic and say so where they
appear: the grid cells and candidate pairs of the broad phase, the bounding circles of SAT, the outline of a Minkowski
difference, a circle chapter's centre distance, GJK's weights, the character chapter's game rules (speed, gravity,
what counts as ground) and its seam counters, counted from what <code>moveAndSlide</code> returned.</p>
<h2>Chapters</h2>
<ol class="cards"></ol>
<h2>Tools</h2>
<ul class="tools-list"></ul>
<h2>Conventions</h2>
<ul>
<li>y points <em>down</em> in the figures (screen coordinates). The maths does not care; a positive angle turns +x
towards +y, which looks clockwise here, and "counter-clockwise" means a positive signed area, which on this screen
runs clockwise. <a href="#/chapter/aabb">Chapter 1</a> says it once, with the other conventions.</li>
<li>Shapes are closed: touching counts as a hit, with depth 0 (sweeps and casts report entry: chapter 11).</li>
<li>A contact normal points from shape A to shape B; moving B by normal × depth leaves them just touching.</li>
<li>A parameter is always <var>t</var>: 0 at the start of a segment, line, ray or motion, 1 at its end.</li>
<li>Round knobs are handles to drag; tap or click a shape to show its handles. Diamonds are points the library computed.</li>
<li>Every view keeps its state in the address bar: copy the URL to share exactly what you see.</li>
<li>Keyboard: Tab to a handle, arrow keys move it (Shift: faster), R / Shift+R rotate its shape.</li>
</ul>
<h3>One colour, one meaning, in every figure</h3>
<div class="home-legend"></div>`;
  const cards = art.querySelector('.cards') as HTMLOListElement;
  chapters.forEach((c) => {
    const li = document.createElement('li');
    li.innerHTML = `<a href="#/chapter/${c.id}">${c.title}</a>`;
    cards.append(li);
  });
  const tl = art.querySelector('.tools-list') as HTMLUListElement;
  for (const [route, text] of TOOLS) {
    const li = document.createElement('li');
    li.innerHTML = `<a href="#/${route}">${text}</a>`;
    tl.append(li);
  }
  art.querySelector('.home-legend')?.append(legendList(['a', 'b', 'hit', 'push', 'closest', 'work', 'motion', 'point', 'construction']));
  main.replaceChildren(art);
  const fig = mountChapter(art.querySelector('.hero') as HTMLElement, heroFigure, new URLSearchParams(), { embedded: true });
  return fig;
}

function notFound(what: string): Mounted {
  const p = document.createElement('p');
  p.className = 'error';
  p.textContent = `Nothing here: ${what}. Pick a chapter from the list.`;
  main.replaceChildren(p);
  return { destroy() {} };
}

/** The case viewer, imported on demand (it bundles the whole test corpus). */
function lazyCases(params: URLSearchParams): Mounted {
  let inner: Mounted | null = null;
  let gone = false;
  const p = document.createElement('p');
  p.className = 'loading';
  p.textContent = 'Loading the test corpus…';
  main.replaceChildren(p);
  import('./views/cases')
    .then((m) => {
      if (!gone) inner = m.mountCases(main, params);
      document.body.dataset.cases = 'ready';
    })
    .catch((e: unknown) => {
      p.className = 'error';
      p.textContent = `The case viewer could not load: ${e instanceof Error ? e.message : String(e)}`;
      console.error(e);
    });
  return {
    destroy() {
      gone = true;
      inner?.destroy();
    },
  };
}

let lastPath: string | null = null;

function route(): void {
  dropHash();  // (a pending write belongs to the page left: see url.ts)
  const r = parseHash();
  current?.destroy();
  current = null;
  const [head, id] = r.parts;
  delete document.body.dataset.cases;
  if (!head) current = home();
  else if (head === 'chapter') {
    const i = chapters.findIndex((c) => c.id === id);
    const def = chapters[i];
    const link = (c: (typeof chapters)[number] | undefined) => (c ? { id: c.id, title: c.title } : null);
    const links = { prev: link(chapters[i - 1]), next: link(chapters[i + 1]) };
    current = !def ? notFound(`chapter "${id}"`) : 'mount' in def ? def.mount(main, r.params, links) : mountChapter(main, def, r.params, links);
    if (def) document.title = `${def.title} · collide2d tutorial`;
  } else if (head === 'sandbox') current = mountSandbox(main, r.params);
  else if (head === 'stress') current = mountStress(main, r.params);
  else if (head === 'cases') current = lazyCases(r.params);
  else current = notFound(`"${head}"`);
  if (!head || head !== 'chapter') document.title = 'collide2d tutorial';
  const key = head === 'chapter' ? `chapter/${id}` : head ?? '';
  for (const a of nav.querySelectorAll<HTMLAnchorElement>('a[data-route]')) {
    if (a.dataset.route === key) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  setMenu(false);
  // A new page opens at its top (a change of the query alone keeps the scroll position).
  const path = r.parts.join('/');
  if (path !== lastPath) window.scrollTo(0, 0);
  lastPath = path;
  document.body.dataset.route = path;  // (what is shown: the browser tests wait for it after a change of the hash)
}

/** The chapter menu is an overlay under the sticky header: reachable and in view from anywhere on the page. */
function setMenu(open: boolean): void {
  document.body.classList.toggle('nav-open', open);
  toggle.setAttribute('aria-expanded', String(open));
  if (open) (nav.querySelector('a[aria-current]') as HTMLElement | null ?? nav.querySelector('a'))?.focus({ preventScroll: true });
}

toggle.addEventListener('click', () => setMenu(!document.body.classList.contains('nav-open')));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && document.body.classList.contains('nav-open')) {
    setMenu(false);
    toggle.focus();
  }
});
document.addEventListener('pointerdown', (e) => {
  const t = e.target as Node;
  if (document.body.classList.contains('nav-open') && !nav.contains(t) && !toggle.contains(t)) setMenu(false);
});
// A link to another page of the tutorial: the page being left keeps its last state in its history entry (written
// before the browser moves on; capture phase, ahead of the link's default action).
document.addEventListener(
  'click',
  (e) => {
    if ((e.target as HTMLElement | null)?.closest?.('a[href^="#"]')) flushHash();
  },
  true,
);
nav.addEventListener('click', (e) => {
  if ((e.target as HTMLElement).closest('a')) setMenu(false);
});

let lastRoute = '';
window.addEventListener('hashchange', () => {
  // Our own replaceState calls never fire hashchange; a user edit or a link does. Re-render only when the path or
  // the query was changed from outside.
  if (location.hash !== lastRoute) {
    lastRoute = location.hash;
    route();
  }
});

init()
  .then(() => {
    buildNav();
    lastRoute = location.hash;
    route();
    document.body.dataset.ready = 'true';
  })
  .catch((e: unknown) => {
    const p = document.createElement('p');
    p.className = 'error';
    p.dataset.testid = 'fatal';
    p.textContent = `collide2d could not start: ${e instanceof Error ? e.message : String(e)}`;
    main.replaceChildren(p);
    console.error(e);
  });
