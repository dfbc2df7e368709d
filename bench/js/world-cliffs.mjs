// The World's scaling cases of issue 10 ("Cliffs"), in WebAssembly (the package's World in Node), short runs. The
// same cases as bench/native/world_bench.cpp (BM_WorldOutlier, BM_WorldPairsAppear, BM_WorldHeavyAfterLight,
// BM_WorldNoPairAllowed, BM_WorldQueryAabb), so that the two builds can be compared:
//   outlier/K   10,000 circles of radius 1..3 in a square of side sqrt(115 N), all moving; one frame = move +
//               setTransforms + step(). K: plain | + one box of side 1e7 far away | + one circle parked at (1e15, 1e15)
//               | whole scene translated by 1e12 | by 1e15 | setCellSize(0.01) (as the option cellSize)
//   pairsAppear 2,000 circles of radius 1 apart, step(), then all moved onto one point: the FIRST step() with the ~2M
//               pairs (a fresh World each time), against the steady heavy step (the same world stepping again)
//   heavyAfterLight  heavy step (bodies on one point) right after a light one (bodies apart)
//   noPair      4,000 coincident circles whose filters reject each other: step() time and heapBytes
//   queryAabb   100,000 bodies of the benchmark scene (bench/scene.mjs); queryAabb over a quarter of the world,
//               against a plain JS scan of getBounds + the same AABB test (bounds only: a lower bound of brute force)
// Usage: node bench/js/world-cliffs.mjs [--frames=20] [--only=outlier,pairsAppear,...]
// Needs the built package (npm run build:wasm). Prints a Markdown table on stdout, progress on stderr.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { makeScene, Kind, Mulberry32 } from './scene.mjs';
import * as c2 from '../../web/lib/index.js';

await c2.init();
const args = process.argv.slice(2);
const flagValue = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const FRAMES = Number(flagValue('frames') ?? 20);
const ONLY = flagValue('only')?.split(',');
const want = (name) => !ONLY || ONLY.includes(name);
const log = (...a) => console.error(...a);
const rows = [];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const time = (f) => {
  const t = performance.now();
  const r = f();
  return [performance.now() - t, r];
};

function circleScene(n, seed = 4242) {
  const rng = new Mulberry32(seed);
  const side = Math.sqrt(n * 115);
  const s = { x: [], y: [], vx: [], vy: [], r: [], side };
  for (let i = 0; i < n; i++) {
    s.x.push(rng.range(0, side));
    s.y.push(rng.range(0, side));
    s.vx.push(rng.range(-0.5, 0.5));
    s.vy.push(rng.range(-0.5, 0.5));
    s.r.push(rng.range(1, 3));
  }
  return s;
}
function advanceCircles(s) {
  for (let i = 0; i < s.x.length; i++) {
    s.x[i] += s.vx[i];
    s.y[i] += s.vy[i];
    if (s.x[i] < 0 || s.x[i] > s.side) s.vx[i] = -s.vx[i];
    if (s.y[i] < 0 || s.y[i] > s.side) s.vy[i] = -s.vy[i];
  }
}

// Warm-up (untimed): V8 first runs WebAssembly in its baseline compiler and tiers up in the background; without
// this the first cases measured the baseline code (10x slower on a loaded machine).
{
  const s = circleScene(10000, 1);
  const w = new c2.World();
  for (let i = 0; i < s.x.length; i++) w.add(c2.circle(0, 0, s.r[i]), { x: s.x[i], y: s.y[i] });
  const xya = new Float64Array(3 * s.x.length);
  const t0 = performance.now();
  for (let f = 0; performance.now() - t0 < 3000 || f < 30; f++) {
    advanceCircles(s);
    for (let i = 0; i < s.x.length; i++) {
      xya[3 * i] = s.x[i];
      xya[3 * i + 1] = s.y[i];
    }
    w.setTransforms(xya);
    w.step();
    w.queryAabb(c2.aabb(0, 0, s.side / 2, s.side / 2));
  }
  w.free();
}

const OUTLIERS = ['plain', '+ box of side 1e7', '+ circle at 1e15', 'translated by 1e12', 'translated by 1e15',
  'setCellSize(0.01)'];
if (want('outlier')) {
  const n = 10000;
  for (let kind = 0; kind < OUTLIERS.length; kind++) {
    const s = circleScene(n);
    const offset = kind === 3 ? 1e12 : kind === 4 ? 1e15 : 0;
    const w = new c2.World(kind === 5 ? { cellSize: 0.01 } : undefined);
    for (let i = 0; i < n; i++) w.add(c2.circle(0, 0, s.r[i]), { x: s.x[i] + offset, y: s.y[i] + offset });
    let extra = [];
    if (kind === 1) extra = [-2e7, -2e7, w.add(c2.box(0, 0, 0.5e7, 0.5e7), { x: -2e7, y: -2e7 })];
    if (kind === 2) extra = [1e15, 1e15, w.add(c2.circle(0, 0, 1), { x: 1e15, y: 1e15 })];
    const xya = new Float64Array(3 * w.bodyCount);
    const fill = () => {
      for (let i = 0; i < n; i++) {
        xya[3 * i] = s.x[i] + offset;
        xya[3 * i + 1] = s.y[i] + offset;
      }
      if (extra.length) [xya[3 * n], xya[3 * n + 1]] = extra;
    };
    fill();
    w.setTransforms(xya);
    w.step();
    const times = [];
    let pairs = 0;
    for (let f = 0; f < FRAMES; f++) {
      advanceCircles(s);
      fill();
      const [ms, p] = time(() => {
        w.setTransforms(xya);
        return w.step();
      });
      times.push(ms);
      pairs = p;
    }
    rows.push([`outlier/${kind} ${OUTLIERS[kind]}`, median(times), `pairs ${pairs}, ${(w.heapBytes / n).toFixed(0)} B/body`]);
    log(rows.at(-1).join(' | '));
    w.free();
  }
}

function circles(w, n, options) {
  for (let i = 0; i < n; i++) w.add(c2.circle(0, 0, 1), { x: 10 * (i % 100), y: 10 * Math.floor(i / 100) }, options);
}
function placed(n, together) {
  const xya = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    xya[3 * i] = together ? 0.001 * (i % 7) : 10 * (i % 100);
    xya[3 * i + 1] = together ? 0.001 * (i % 5) : 10 * Math.floor(i / 100);
  }
  return xya;
}

if (want('pairsAppear')) {
  const n = 2000;
  const together = placed(n, true);
  const firsts = [];
  const steadies = [];
  let pairs = 0;
  for (let rep = 0; rep < 3; rep++) {
    const w = new c2.World();
    circles(w, n);
    w.step();
    w.setTransforms(together);
    const [first, p] = time(() => w.step());
    firsts.push(first);
    pairs = p;
    for (let k = 0; k < 2; k++) {
      w.setTransforms(together);
      steadies.push(time(() => w.step())[0]);
    }
    w.free();
  }
  const f = median(firsts);
  const st = median(steadies);
  rows.push(['pairsAppear: first step with the pairs (fresh World)', f, `pairs ${pairs}; ${(f / st).toFixed(2)}x the steady heavy step`]);
  rows.push(['pairsAppear: steady heavy step (same World)', st, `pairs ${pairs}`]);
  log(rows.at(-2).join(' | '));
}

if (want('heavyAfterLight')) {
  const n = 2000;
  const w = new c2.World();
  circles(w, n);
  const apart = placed(n, false);
  const together = placed(n, true);
  w.setTransforms(together);
  w.step();
  w.step();
  const times = [];
  for (let k = 0; k < 5; k++) {
    w.setTransforms(apart);
    w.step();
    w.setTransforms(together);
    times.push(time(() => w.step())[0]);
  }
  rows.push(['heavyAfterLight: heavy step right after a light one', median(times), `pairs ${w.pairCount}`]);
  log(rows.at(-1).join(' | '));
  w.free();
}

if (want('noPair')) {
  const n = 4000;
  const w = new c2.World();
  circles(w, n, { category: 1, mask: 0 });
  const together = placed(n, true);
  const times = [];
  for (let k = 0; k < 3; k++) {
    w.setTransforms(together);
    times.push(time(() => w.step())[0]);
  }
  rows.push(['noPair: 4,000 coincident circles, filters reject all', median(times), `pairs ${w.pairCount}, heap ${(w.heapBytes / 1e6).toFixed(2)} MB`]);
  log(rows.at(-1).join(' | '));
  w.free();
}

if (want('queryAabb')) {
  const n = 100000;
  const s = makeScene(n);
  const w = new c2.World();
  const handles = [];
  for (const b of s.bodies) {
    let shape;
    switch (b.kind) {
      case Kind.Circle: shape = c2.circle(0, 0, b.a); break;
      case Kind.Aabb: shape = c2.aabb(-b.a / 2, -b.b / 2, b.a / 2, b.b / 2); break;
      case Kind.Box: shape = c2.box(0, 0, b.a, b.b); break;
      default: {
        const points = [];
        for (let k = 0; k < b.points.length; k += 2) points.push({ x: b.points[k], y: b.points[k + 1] });
        shape = { type: 'polygon', points };
      }
    }
    handles.push(w.add(shape, { x: b.x, y: b.y, angle: b.angle }));
  }
  w.step();
  const q = c2.aabb(0, 0, s.side / 2, s.side / 2);
  const bb = new Float64Array(4 * n);
  handles.forEach((h, i) => {
    const b = w.getBounds(h);
    bb.set([b.min.x, b.min.y, b.max.x, b.max.y], 4 * i);
  });
  const times = [];
  const scans = [];
  let found = 0;
  let scanned = 0;
  for (let k = 0; k < 15; k++) {
    times.push(time(() => { found = w.queryAabb(q); })[0]);
    scans.push(time(() => {
      scanned = 0;
      for (let i = 0; i < n; i++) {
        if (bb[4 * i] <= q.max.x && q.min.x <= bb[4 * i + 2] && bb[4 * i + 1] <= q.max.y && q.min.y <= bb[4 * i + 3]) scanned++;
      }
    })[0]);
  }
  rows.push(['queryAabb: a quarter of 100k scene bodies', median(times), `found ${found}`]);
  rows.push(['queryAabb reference: JS scan of 100k bounds (no narrow phase)', median(scans), `bounds overlapping ${scanned}`]);
  log(rows.at(-1).join(' | '));
  w.free();
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`World scaling cases (issue 10), wasm in Node ${process.version}, ${cpu} (${os.cpus().length} logical CPUs), ` +
  `${new Date().toISOString()}; median of ${FRAMES} frames (outliers) / a few repetitions (others)\n`);
console.log('| case | ms | notes |');
console.log('| --- | ---: | --- |');
for (const [name, ms, note] of rows) console.log(`| ${name} | ${ms.toFixed(2)} | ${note} |`);
