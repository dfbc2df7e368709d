// The tutorial's entry point: loads collide2d, then routes #/... to a view.
import { init } from 'collide2d';
import './style.css';
import { type Mounted, mountChapter } from './chapter';
import { chapters } from './chapters/index';
import { mountCases } from './views/cases';
import { mountSandbox } from './views/sandbox';
import { mountStress } from './views/stress';
import { flushHash, parseHash } from './url';

const main = document.getElementById('main') as HTMLElement;
const nav = document.getElementById('nav') as HTMLElement;
const toggle = document.getElementById('nav-toggle') as HTMLButtonElement;
let current: Mounted | null = null;

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
  for (const [route, text] of [
    ['sandbox', 'Sandbox: every pair'],
    ['stress', 'Stress: N moving bodies'],
    ['cases', 'Case viewer (test corpus)'],
  ]) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#/${route}`;
    a.textContent = text;
    a.dataset.route = route;
    li.append(a);
    tools.append(li);
  }
  const h = document.createElement('h2');
  h.textContent = 'Chapters';
  const h2 = document.createElement('h2');
  h2.textContent = 'Tools';
  nav.replaceChildren(h, ol, h2, tools);
}

function home(): Mounted {
  const art = document.createElement('article');
  art.className = 'home';
  art.innerHTML = `
<h1>Collision detection in 2D, one shape pair at a time</h1>
<p class="lead">Each chapter explains one test, shows its formula, and lets you drag the shapes while
<strong>collide2d</strong> (C++ compiled to WebAssembly) answers live. Every number and every highlighted point in
the figures comes from the library, exactly as your own code would get it with <code>import * as c2 from 'collide2d'</code>.</p>
<ol class="cards"></ol>
<h2>Conventions</h2>
<ul>
<li>y points <em>down</em> in the figures (screen coordinates). The maths does not care; a positive angle turns +x towards +y, which looks clockwise here.</li>
<li>Shapes are closed: touching counts as a hit, with depth 0.</li>
<li>A contact normal points from shape A to shape B; moving B by normal × depth separates them.</li>
<li>Hits are drawn hatched in vermillion and labelled <b>HIT</b>; misses are plain blue and labelled <b>NO HIT</b>.</li>
<li>Every view keeps its state in the address bar: copy the URL to share exactly what you see.</li>
<li>Keyboard: Tab to a handle, arrow keys move it (Shift: faster), R / Shift+R rotate its shape.</li>
</ul>`;
  const cards = art.querySelector('.cards') as HTMLOListElement;
  chapters.forEach((c) => {
    const li = document.createElement('li');
    li.innerHTML = `<a href="#/chapter/${c.id}">${c.title}</a>`;
    cards.append(li);
  });
  main.replaceChildren(art);
  return { destroy() {} };
}

function notFound(what: string): Mounted {
  const p = document.createElement('p');
  p.className = 'error';
  p.textContent = `Nothing here: ${what}. Pick a chapter from the list.`;
  main.replaceChildren(p);
  return { destroy() {} };
}

function route(): void {
  flushHash();
  const r = parseHash();
  current?.destroy();
  current = null;
  const [head, id] = r.parts;
  if (!head) current = home();
  else if (head === 'chapter') {
    const def = chapters.find((c) => c.id === id);
    current = def ? mountChapter(main, def, r.params) : notFound(`chapter "${id}"`);
    if (def) document.title = `${def.title} · collide2d tutorial`;
  } else if (head === 'sandbox') current = mountSandbox(main, r.params);
  else if (head === 'stress') current = mountStress(main, r.params);
  else if (head === 'cases') current = mountCases(main, r.params);
  else current = notFound(`"${head}"`);
  if (!head || head !== 'chapter') document.title = 'collide2d tutorial';
  const key = head === 'chapter' ? `chapter/${id}` : head ?? '';
  for (const a of nav.querySelectorAll<HTMLAnchorElement>('a[data-route]')) {
    if (a.dataset.route === key) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  document.body.classList.remove('nav-open');
  toggle.setAttribute('aria-expanded', 'false');
}

toggle.addEventListener('click', () => {
  const open = !document.body.classList.contains('nav-open');
  document.body.classList.toggle('nav-open', open);
  toggle.setAttribute('aria-expanded', String(open));
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
