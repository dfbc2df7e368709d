// Single calls across the wasm boundary, for comparing builds of the package in ONE process (issue 9: the embind
// rewrite): each library is loaded as its own module instance, and the repetitions alternate between them so that
// both see the same machine load. Usage:
//   node bench/js/embind.mjs [--lib=name=path/to/web/lib/index.js ...] [--pairs=100000] [--reps=9]
// (default: this tree's web/lib/index.js). Prints ns per call (median of reps) for: circle-circle overlaps /
// collide on shape objects; polygon-polygon collide on factory-made polygons (c2.polygon) and on plain object
// literals (the same points), with SAT.js's testPolygonPolygon on the same pairs; raycast against a circle with a
// new c2.ray() per cast and with one reused untagged literal {origin, direction}; World.setTransform (a class_
// method call). Seeded data (bench/js/scene.mjs's generator).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Mulberry32 } from './scene.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? fallback : a.slice(name.length + 3);
};
const libArgs = args.filter((x) => x.startsWith('--lib=')).map((x) => x.slice(6));
if (libArgs.length === 0) libArgs.push(`this=${new URL('../../web/lib/index.js', import.meta.url).href}`);
const libs = [];
for (const spec of libArgs) {
  const [name, path] = spec.split('=');
  const c2 = await import(path.startsWith('file:') ? path : pathToFileURL(path).href);
  await c2.init();
  libs.push({ name, c2 });
}
const SAT = createRequire(import.meta.url)('sat');
const N = Number(opt('pairs', 100000));
const REPS = Number(opt('reps', 9));

function setup(c2) {
  const g = new Mulberry32(7);
  const range = (lo, hi) => lo + (hi - lo) * g.next();
  function makePolygon(cx, cy, r, n) {
    const start = range(0, 2 * Math.PI);
    const pts = [];
    for (let k = 0; k < n; k++) {
      const a = start + ((k + range(0.1, 0.9)) * 2 * Math.PI) / n;
      pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
    }
    return { cx, cy, pts };
  }
  const circlesA = [], circlesB = [], polys = [], rays = [];
  for (let i = 0; i < N; i++) {
    const ax = range(0, 1000), ay = range(0, 1000), ar = range(2, 8), br = range(2, 8);
    const d = range(0, 2) * (ar + br), t = range(0, 2 * Math.PI);
    circlesA.push(c2.circle(ax, ay, ar));
    circlesB.push(c2.circle(ax + d * Math.cos(t), ay + d * Math.sin(t), br));
    const ra = range(3, 10), rb = range(3, 10), e = range(0, 1.75) * (ra + rb), u = range(0, 2 * Math.PI);
    polys.push([makePolygon(ax, ay, ra, 3 + Math.floor(range(0, 6))),
      makePolygon(ax + e * Math.cos(u), ay + e * Math.sin(u), rb, 3 + Math.floor(range(0, 6)))]);
    rays.push([ax - 20, ay + range(-10, 10), 1, range(-0.2, 0.2)]);
  }
  const factoryPolys = polys.map(([a, b]) => [c2.polygon(a.pts), c2.polygon(b.pts)]);
  const literalPolys = factoryPolys.map(([a, b]) => [{ type: 'polygon', points: a.points.map((p) => ({ ...p })) },
    { type: 'polygon', points: b.points.map((p) => ({ ...p })) }]);
  const satPolys = polys.map(([a, b]) => [a, b].map((p) =>
    new SAT.Polygon(new SAT.Vector(p.cx, p.cy), p.pts.map((q) => new SAT.Vector(q.x - p.cx, q.y - p.cy)))));
  const response = new SAT.Response();
  const target = c2.circle(0, 0, 5);
  const targets = circlesA;

  const world = new c2.World();
  const handles = [];
  for (let i = 0; i < 64; i++) handles.push(world.add(c2.circle(i, 0, 1)));
  const cases = {
    'circle-circle overlaps (objects)': () => { let h = 0; for (let i = 0; i < N; i++) if (c2.overlaps(circlesA[i], circlesB[i])) h++; return h; },
    'circle-circle collide (objects)': () => { let h = 0; for (let i = 0; i < N; i++) if (c2.collide(circlesA[i], circlesB[i]) !== null) h++; return h; },
    'polygon-polygon collide, factory polygons': () => { let h = 0; for (let i = 0; i < N; i++) if (c2.collide(factoryPolys[i][0], factoryPolys[i][1]) !== null) h++; return h; },
    'polygon-polygon collide, object literals': () => { let h = 0; for (let i = 0; i < N; i++) if (c2.collide(literalPolys[i][0], literalPolys[i][1]) !== null) h++; return h; },
    'SAT.js testPolygonPolygon + Response, same pairs': () => { let h = 0; for (let i = 0; i < N; i++) { response.clear(); if (SAT.testPolygonPolygon(satPolys[i][0], satPolys[i][1], response)) h++; } return h; },
    'raycast, new c2.ray() per cast': () => { let h = 0; for (let i = 0; i < N; i++) { const r = rays[i]; if (c2.raycast(c2.ray(r[0], r[1], r[2], r[3]), targets[i]) !== null) h++; } return h; },
    'World.setTransform (an embind class_ method)': () => { for (let i = 0; i < N; i++) world.setTransform(handles[i & 63], i, 0, 0); return 0; },
    'raycast, one reused untagged literal': () => {
      let h = 0;
      const o = { x: 0, y: 0 }, d = { x: 0, y: 0 }, ray = { origin: o, direction: d };
      for (let i = 0; i < N; i++) { const r = rays[i]; o.x = r[0]; o.y = r[1]; d.x = r[2]; d.y = r[3]; if (c2.raycast(ray, targets[i]) !== null) h++; }
      return h;
    },
  };
  return cases;
}

const all = libs.map(({ name, c2 }) => ({ name, cases: setup(c2) }));
const names = Object.keys(all[0].cases);
const results = {};
console.log(`ns of process CPU time per call (less sensitive than wall time to a loaded machine), median of ${REPS}, libraries alternating: ${all.map((l) => l.name).join(' | ')}`);
for (const name of names) {
  const times = all.map(() => []);
  for (const l of all) { l.cases[name](); l.cases[name](); } // warm-up
  for (let r = 0; r < REPS; r++) {
    all.forEach((l, k) => {
      const t0 = process.cpuUsage();
      l.cases[name]();
      const t = process.cpuUsage(t0);
      times[k].push(((t.user + t.system) * 1e3) / N);
    });
  }
  const med = times.map((t) => t.sort((x, y) => x - y)[REPS >> 1]);
  results[name] = med;
  console.log(`${name.padEnd(50)} ${med.map((m) => m.toFixed(1).padStart(9)).join(' |')}${med.length === 2 ? `   ratio ${(med[1] / med[0]).toFixed(2)}` : ''}`);
}
all.forEach((l, k) => {
  const ratio = results['polygon-polygon collide, factory polygons'][k] / results['SAT.js testPolygonPolygon + Response, same pairs'][k];
  console.log(`${l.name}: polygon-polygon collide on factory polygons / SAT.js = ${ratio.toFixed(2)}`);
});
