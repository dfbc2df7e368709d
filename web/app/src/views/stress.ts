// Stress view: N moving circles; every frame the pairs are tested with the package's batch functions, either all
// pairs (brute force, in chunks) or the candidate pairs of a uniform grid built here in JavaScript, or by the
// package's World (its own broad phase in wasm, one setTransforms + step per frame). Level mode (level=1) adds a level
// of static pieces (tiles, slopes, and concave outlines that the World turns into compound bodies of convex parts)
// to the World; the circles bounce off it, and the part of a compound body a circle touches is read from pairParts.
import * as c2 from 'collide2d';
import type { Mounted } from '../chapter';
import { type Level, makeLevel, rng, tileFor } from './level'; // (rng: a given N always starts from the same scene)
import { C, Stage } from '../stage';
import { buildHash, replaceHash } from '../url';

const W = 1000;
const H = 625;
const MAX_N = 10000;
const CHUNK = 1 << 16;

export function mountStress(root: HTMLElement, params: URLSearchParams): Mounted {
  let n = clampN(Number(params.get('n') ?? 1000));
  let mode: Mode = modeOf(params.get('mode'));
  let levelOn = params.get('level') === '1';
  if (levelOn) mode = 'world'; // the level lives in the World
  let running = params.get('paused') !== '1';

  const art = document.createElement('article');
  art.className = 'stress';
  art.innerHTML = `<h1>Stress: N moving bodies</h1>
<p class="prose">Circles bounce around a box; every frame each pair of circles that could touch is tested by
<code>c2.batch.overlapsCircleCircle</code>, which takes the circles as flat <code>Float64Array</code>s
(x, y, r per circle) and writes one byte per pair, with no JavaScript object per pair. <em>Brute force</em> feeds
it all N(N−1)/2 pairs in chunks; <em>grid</em> first buckets the circles into cells twice the largest diameter
wide (plain JavaScript) and only tests neighbours. <em>World</em> hands the whole job to <code>c2.World</code>: one
<code>setTransforms</code> call with every position, one <code>step()</code>, and the touching pairs come back as a
<code>Uint32Array</code> view into wasm memory (its grid lives in wasm too). Touching circles are filled in vermillion.
<em>Level</em> adds static geometry to the World, as a game has it: platforms of small tiles (boxes and slope
triangles, grey) and concave pieces (U cups, L brackets, stars, arches). Each concave piece is handed to the World
as its outline, <code>world.add({type: 'polygon', points: outline}, {x: 0, y: 0}, {static: true})</code>: a concave
outline becomes ONE compound body whose convex parts are <code>c2.decompose(outline)</code>'s (darker grey; the thin
white lines are the cuts between parts, drawn from <code>world.getShape(handle).parts</code>). Static bodies never pair
with each other and are binned once into a grid of their own, so thousands of them cost little per step; they pair
with the moving circles as any body does, a compound body through its parts: a circle touching a compound body is
one pair, and <code>world.pairParts</code> (stride <code>World.PART_STRIDE</code> = 3: pair index, part of A, part
of B) says which parts touch. A touched tile or slope, or the touched part of a concave piece, is hatched in
vermillion, and the circles bounce off the level along the contact normal of <code>world.pairContacts</code> (for a
compound body, the deepest touching part's).
The figures below time the library's part of each frame (<em>library</em>: building the pairs and testing them, or
<code>setTransforms</code> + <code>step</code>) apart from the drawing (every body rasterised into one image) and the
whole frame.</p>`;
  const bar = document.createElement('div');
  bar.className = 'toolbar';
  bar.innerHTML = `
<label>N <input type="range" min="10" max="${MAX_N}" step="10" data-testid="stress-n" aria-label="number of bodies"></label>
<output class="mono" data-testid="stress-n-value"></output>
<label><input type="radio" name="mode" value="grid" data-testid="mode-grid"> grid broad phase</label>
<label><input type="radio" name="mode" value="brute" data-testid="mode-brute"> brute force (all pairs)</label>
<label><input type="radio" name="mode" value="world" data-testid="mode-world"> World</label>
<label><input type="checkbox" data-testid="stress-grid"> show the World's grid</label>
<label><input type="checkbox" data-testid="stress-level"> level (static pieces)</label>
<button type="button" class="btn" data-testid="stress-pause"></button>`;
  const stats = document.createElement('p');
  stats.className = 'stats';
  stats.innerHTML = `<span>library <b data-testid="stat-ms">–</b> ms</span><span>drawing <b data-testid="stat-draw">–</b> ms</span>
<span>frame <b data-testid="stat-frame">–</b> ms (<b data-testid="stat-fps">–</b> fps)</span>
<span>pairs tested <b data-testid="stat-pairs">–</b></span><span>World cell <b data-testid="stat-cell">–</b></span><span>touching pairs <b data-testid="stat-hits">–</b></span>`;
  stats.setAttribute('aria-live', 'off');
  // Level mode's figures: what the World holds and what the last step found.
  const levelStats = document.createElement('p');
  levelStats.className = 'stats level-stats';
  levelStats.dataset.testid = 'stress-level-stats';
  levelStats.innerHTML = `<span>moving bodies <b data-testid="stress-moving-count">–</b></span>
<span>static bodies <b data-testid="stress-static-count">–</b> (<b data-testid="stress-tile-count">–</b> tiles and slopes,
<b data-testid="stress-concave-count">–</b> compound bodies of <b data-testid="stress-part-count">–</b> parts)</span>
<span>pairs this frame <b data-testid="stress-pairs">–</b></span><span>with a static body <b data-testid="stress-static-pairs">–</b></span>
<span>static bodies touched <b data-testid="stress-touched">–</b> (<b data-testid="stress-touched-compounds">–</b> compound,
<b data-testid="stress-touched-parts">–</b> parts of them)</span>
<small class="level-legend">light grey: tiles and slopes · dark grey: a concave piece, one compound body; the white lines
are the cuts between its convex parts · hatched vermillion: a tile, slope or part a circle touches</small>`;
  levelStats.setAttribute('aria-live', 'off');
  const fig = document.createElement('div');
  fig.className = 'figure';
  // The figure first, the explanation under it.
  const prose = art.querySelector('.prose') as HTMLElement;
  art.append(bar, stats, levelStats, fig, prose);
  root.replaceChildren(art);

  const slider = bar.querySelector('input[type=range]') as HTMLInputElement;
  const nOut = bar.querySelector('output') as HTMLOutputElement;
  const pause = bar.querySelector('button') as HTMLButtonElement;
  const gridBox = bar.querySelector('[data-testid=stress-grid]') as HTMLInputElement;
  const levelBox = bar.querySelector('[data-testid=stress-level]') as HTMLInputElement;
  let showGrid = params.get('grid') === '1';
  let cellSize = 1;
  const radios = [...bar.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  const q = (id: string) => art.querySelector(`[data-testid=${id}]`) as HTMLElement;

  const stage = new Stage(fig, { x: 0, y: 0, w: W, h: H }, 'Moving bodies');
  let x = new Float64Array(0), y = x, vx = x, vy = x, r = x;
  let hit = new Uint8Array(0);
  let a = new Float64Array(CHUNK * 3);
  let b = new Float64Array(CHUNK * 3);
  let out = new Uint8Array(CHUNK);
  let pi = new Uint32Array(CHUNK);
  let pj = new Uint32Array(CHUNK);
  let emaQuery = 0, emaFrame = 0, lastPairs = 0, lastHits = 0;
  // World mode: the bodies, their transforms (x, y, angle per body, in world.bodies() order = i), and slot -> index.
  let world: c2.World | null = null;
  let xya = new Float64Array(0);
  let slotToIndex = new Int32Array(0);
  let raf = 0;
  let last = performance.now();
  // Level mode: the geometry (rebuilt when the tile size for the view changes), the static handles in piece order,
  // slot -> piece index (-1: a moving body), the pieces touched at the last step, and the push out of the level
  // for each circle (applied at the next frame, so that a paused scene is exactly the one the step saw).
  let level: Level | null = null;
  let staticHandles = new Uint32Array(0);
  let slotPiece = new Int32Array(0);
  let touched = new Uint8Array(0);
  let touchedList = new Int32Array(0);
  let touchedCount = 0, staticPairs = 0;
  // Compound bodies (the concave pieces): piece -> index of its first part in partPts (-1: not compound), every part's
  // outline (world coordinates, from World.getShape), the parts touched at the last step, and per pair of the last
  // step the static piece in it (-1: none) and whether it is the pair's A.
  let partBase = new Int32Array(0);
  let partPts: number[][] = [];
  let partOwner: number[] = []; // part index -> its piece
  let touchedPart = new Uint8Array(0);
  let touchedPartList = new Int32Array(0);
  let touchedPartCount = 0, touchedCompounds = 0;
  let pairPiece = new Int32Array(0);
  let pairPieceIsA = new Uint8Array(0);
  let pushX = new Float64Array(0), pushY = pushX;

  function populate(): void {
    const rand = rng(12345);
    x = new Float64Array(n); y = new Float64Array(n); vx = new Float64Array(n); vy = new Float64Array(n);
    r = new Float64Array(n); hit = new Uint8Array(n);
    pushX = new Float64Array(n); pushY = new Float64Array(n);
    const rmax = n > 3000 ? 3.5 : n > 800 ? 5 : 9;
    for (let i = 0; i < n; i++) {
      r[i] = rmax * (0.5 + 0.5 * rand());
      x[i] = r[i] + rand() * (W - 2 * r[i]);
      y[i] = r[i] + rand() * (H - 2 * r[i]);
      const ang = rand() * Math.PI * 2;
      const sp = 20 + rand() * 60;
      vx[i] = Math.cos(ang) * sp;
      vy[i] = Math.sin(ang) * sp;
    }
  }

  /** Tests `count` pairs currently in a/b (indices in pi/pj) with the library; marks hits. */
  function flush(count: number): number {
    if (!count) return 0;
    const res = c2.batch.overlapsCircleCircle(a.subarray(0, count * 3), b.subarray(0, count * 3), out);
    let h = 0;
    for (let k = 0; k < count; k++) {
      if (res[k]) {
        h++;
        hit[pi[k]] = 1;
        hit[pj[k]] = 1;
      }
    }
    return h;
  }

  function put(k: number, i: number, j: number): void {
    const o = k * 3;
    a[o] = x[i]; a[o + 1] = y[i]; a[o + 2] = r[i];
    b[o] = x[j]; b[o + 1] = y[j]; b[o + 2] = r[j];
    pi[k] = i; pj[k] = j;
  }

  function brute(): { pairs: number; hits: number } {
    let k = 0, pairs = 0, hits = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        put(k++, i, j);
        if (k === CHUNK) { hits += flush(k); pairs += k; k = 0; }
      }
    }
    hits += flush(k);
    pairs += k;
    return { pairs, hits };
  }

  function grid(): { pairs: number; hits: number } {
    let rmax = 0;
    for (let i = 0; i < n; i++) if (r[i] > rmax) rmax = r[i];
    const cell = Math.max(1, 2 * rmax);
    const gw = Math.ceil(W / cell) + 1, gh = Math.ceil(H / cell) + 1;
    const cellOf = new Int32Array(n);
    const start = new Int32Array(gw * gh + 1);
    for (let i = 0; i < n; i++) {
      const cx = Math.min(gw - 1, Math.max(0, Math.floor(x[i] / cell)));
      const cy = Math.min(gh - 1, Math.max(0, Math.floor(y[i] / cell)));
      cellOf[i] = cy * gw + cx;
      start[cellOf[i] + 1]++;
    }
    for (let c = 0; c < gw * gh; c++) start[c + 1] += start[c];
    const fill = start.slice(0, gw * gh);
    const items = new Int32Array(n);
    for (let i = 0; i < n; i++) items[fill[cellOf[i]]++] = i;
    let k = 0, pairs = 0, hits = 0;
    const visit = (i: number, c: number, sameCell: boolean) => {
      for (let s = start[c]; s < start[c + 1]; s++) {
        const j = items[s];
        if (sameCell && j <= i) continue;
        put(k++, i, j);
        if (k === CHUNK) { hits += flush(k); pairs += k; k = 0; }
      }
    };
    for (let i = 0; i < n; i++) {
      const c = cellOf[i];
      const cx = c % gw, cy = (c - cx) / gw;
      visit(i, c, true);
      // Half of the neighbourhood, so each pair of cells is visited once.
      if (cx + 1 < gw) visit(i, c + 1, false);
      if (cy + 1 < gh) {
        if (cx > 0) visit(i, c + gw - 1, false);
        visit(i, c + gw, false);
        if (cx + 1 < gw) visit(i, c + gw + 1, false);
      }
    }
    hits += flush(k);
    pairs += k;
    return { pairs, hits };
  }

  /** The level for the current view size (tiles of a few pixels on screen at least). */
  function currentLevel(): Level {
    const t = tileFor(stage.k);
    if (!level || level.tile !== t) {
      level = makeLevel(W, H, t);
      levelPx = null;
    }
    return level;
  }

  /** A World holding the current circles (built when World mode needs it; freed on rebuild and on leaving). */
  function ensureWorld(): c2.World {
    if (world) return world;
    // The cell size the World would pick by itself (twice the mean body extent), passed explicitly so that the grid
    // drawn over the figure is exactly the World's.
    let sum = 0;
    for (let i = 0; i < n; i++) sum += 2 * r[i];
    cellSize = n ? (2 * sum) / n : 1;
    const w = new c2.World({ cellSize });
    // Level mode: the static pieces first (body order: pieces, then circles), each with its transform in xya once.
    const pieces = levelOn ? currentLevel().pieces : [];
    const S = pieces.length;
    w.reserve(S + n);
    xya = new Float64Array(3 * (S + n));
    slotToIndex = new Int32Array(S + n);
    slotPiece = new Int32Array(S + n).fill(-1);
    staticHandles = new Uint32Array(S);
    touched = new Uint8Array(S);
    touchedList = new Int32Array(S);
    touchedCount = staticPairs = touchedPartCount = touchedCompounds = 0;
    partBase = new Int32Array(S).fill(-1);
    partPts = [];
    partOwner = [];
    for (let j = 0; j < S; j++) {
      const p = pieces[j];
      const h = w.add(p.shape, { x: p.x, y: p.y }, { static: true });
      staticHandles[j] = h;
      slotPiece[h & 0xfffff] = j;
      xya[3 * j] = p.x;
      xya[3 * j + 1] = p.y;
      if (p.concave >= 0) {
        // A concave outline became one compound body: its parts (world shapes, convex polygons) for drawing.
        const ws = w.getShape(h);
        const parts = (ws.type === 'compound' ? ws.parts.map((q) => q.shape) : [ws]) as c2.Polygon[];
        const flat = parts.map((q) => q.points.flatMap((v) => [v.x, v.y]));
        if (ws.type === 'compound') {
          partBase[j] = partPts.length;
          partPts.push(...flat);
          for (let q = 0; q < flat.length; q++) partOwner.push(j);
        }
        currentLevel().concave[p.concave].parts = flat;
      }
    }
    touchedPart = new Uint8Array(partPts.length);
    touchedPartList = new Int32Array(partPts.length);
    levelPx = null; // (the parts are drawn into the level's image)
    // Circles that would start inside the level are moved (World.queryShape) to a free spot.
    const rand = rng(777);
    for (let i = 0; i < n && S; i++) {
      for (let tries = 0; tries < 50 && w.queryShape(c2.circle(x[i], y[i], r[i])) > 0; tries++) {
        x[i] = r[i] + rand() * (W - 2 * r[i]);
        y[i] = r[i] + rand() * (H - 2 * r[i]);
      }
    }
    for (let i = 0; i < n; i++) {
      const h = w.add(c2.circle(0, 0, r[i]), { x: x[i], y: y[i] });
      slotToIndex[h & 0xfffff] = i; // a handle is slot | generation << 20 (see World in index.d.ts)
    }
    world = w;
    return w;
  }

  function dropWorld(): void {
    world?.free();
    world = null;
  }

  function inWorld(): { pairs: number; hits: number } {
    const w = ensureWorld();
    const o = 3 * staticHandles.length; // the circles follow the static pieces in body order
    for (let i = 0; i < n; i++) {
      xya[o + 3 * i] = x[i];
      xya[o + 3 * i + 1] = y[i];
    }
    w.setTransforms(xya);
    const count = w.step();
    const bodies = w.pairBodies; // read the first 2 * count entries
    if (!staticHandles.length) {
      for (let k = 0; k < 2 * count; k++) hit[slotToIndex[bodies[k] & 0xfffff]] = 1;
      return { pairs: count, hits: count };
    }
    // Level mode: a pair is circle-circle or circle-piece (two static pieces never pair). A circle touching a piece
    // is pushed out along the contact normal (it points from A to B) and bounces if it moves into the piece.
    const contacts = w.pairContacts;
    for (let k = 0; k < touchedCount; k++) touched[touchedList[k]] = 0;
    for (let k = 0; k < touchedPartCount; k++) touchedPart[touchedPartList[k]] = 0;
    touchedCount = staticPairs = touchedPartCount = touchedCompounds = 0;
    if (pairPiece.length < count) {
      pairPiece = new Int32Array(2 * count);
      pairPieceIsA = new Uint8Array(2 * count);
    }
    for (let k = 0; k < count; k++) {
      const sa = bodies[2 * k] & 0xfffff, sb = bodies[2 * k + 1] & 0xfffff;
      const pa = slotPiece[sa], pb = slotPiece[sb];
      pairPiece[k] = pa >= 0 ? pa : pb;
      pairPieceIsA[k] = pa >= 0 ? 1 : 0;
      if (pa < 0) hit[slotToIndex[sa]] = 1;
      if (pb < 0) hit[slotToIndex[sb]] = 1;
      if (pa < 0 && pb < 0) continue;
      staticPairs++;
      const piece = pa >= 0 ? pa : pb;
      if (!touched[piece]) {
        touched[piece] = 1;
        touchedList[touchedCount++] = piece;
        if (partBase[piece] >= 0) touchedCompounds++;
      }
      const i = slotToIndex[pa >= 0 ? sb : sa];
      const s = pa >= 0 ? -1 : 1; // the normal turned to point from the circle into the piece
      const nx = s * contacts[5 * k], ny = s * contacts[5 * k + 1], depth = contacts[5 * k + 2];
      pushX[i] -= nx * depth;
      pushY[i] -= ny * depth;
      const vn = vx[i] * nx + vy[i] * ny;
      if (vn > 0) { vx[i] -= 2 * vn * nx; vy[i] -= 2 * vn * ny; }
    }
    // Which parts of the compound bodies touch: pairParts records (pair index, part of A, part of B), only for pairs
    // with a compound body; the piece's part is A's or B's as the piece is the pair's A or B.
    const records = w.pairPartCount;
    const pp = w.pairParts;
    for (let q = 0; q < records; q++) {
      const k = pp[3 * q];
      const piece = pairPiece[k];
      if (piece < 0 || partBase[piece] < 0) continue;
      const part = partBase[piece] + pp[3 * q + (pairPieceIsA[k] ? 1 : 2)];
      if (!touchedPart[part]) { touchedPart[part] = 1; touchedPartList[touchedPartCount++] = part; }
    }
    return { pairs: count, hits: count };
  }

  function step(dt: number): void {
    for (let i = 0; i < n; i++) {
      x[i] += pushX[i] + vx[i] * dt;
      y[i] += pushY[i] + vy[i] * dt;
      pushX[i] = pushY[i] = 0;
      if (x[i] < r[i]) { x[i] = r[i]; vx[i] = Math.abs(vx[i]); }
      if (x[i] > W - r[i]) { x[i] = W - r[i]; vx[i] = -Math.abs(vx[i]); }
      if (y[i] < r[i]) { y[i] = r[i]; vy[i] = Math.abs(vy[i]); }
      if (y[i] > H - r[i]) { y[i] = H - r[i]; vy[i] = -Math.abs(vy[i]); }
    }
  }

  function detect(): void {
    hit.fill(0);
    const t0 = performance.now();
    const res = mode === 'brute' ? brute() : mode === 'world' ? inWorld() : grid();
    const ms = performance.now() - t0;
    emaQuery = emaQuery ? emaQuery * 0.85 + ms * 0.15 : ms;
    lastPairs = res.pairs;
    lastHits = res.hits;
  }

  // Drawing: every body is rasterised straight into one ImageData (one putImageData per frame) instead of one canvas
  // arc per body; at 10,000 bodies that is the difference between the drawing and the library dominating the frame.
  let img: ImageData | null = null;
  let px = new Uint32Array(0);
  const rgba = (hex: string, a = 255) => {
    const v = parseInt(hex.slice(1), 16);
    return ((a << 24) | ((v & 0xff) << 16) | (v & 0xff00) | (v >> 16)) >>> 0; // little-endian RGBA bytes
  };
  const WHITE = 0xffffffff;
  // Level mode: the level drawn once per view size into an image that each frame starts from.
  let levelPx: Uint32Array | null = null;
  let levelKey = '';
  function levelImage(cw: number, ch: number): Uint32Array {
    const lv = currentLevel();
    const key = `${cw},${ch},${stage.k},${stage.ox},${stage.oy},${lv.tile}`;
    if (levelPx && key === levelKey) return levelPx;
    const c = document.createElement('canvas');
    c.width = cw;
    c.height = ch;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, cw, ch);
    const d = stage.dpr, k = stage.k;
    g.setTransform(d * k, 0, 0, d * k, d * stage.ox, d * stage.oy); // world units in, device pixels out
    const trace = (pts: ArrayLike<number>) => {
      g.moveTo(pts[0], pts[1]);
      for (let i = 2; i < pts.length; i += 2) g.lineTo(pts[i], pts[i + 1]);
      g.closePath();
    };
    // Tiles and slopes: light grey with a faint edge, so the tiles can be told apart.
    g.beginPath();
    for (const p of lv.pieces) if (p.concave < 0) trace(p.pts);
    g.fillStyle = '#c9ced6';
    g.fill();
    g.strokeStyle = '#a3aab5';
    g.lineWidth = 0.6 / k;
    g.stroke();
    // Concave pieces (compound bodies): darker grey; each convex part (World.getShape's parts) outlined thinly in
    // white (the cuts), the outline in ink.
    g.beginPath();
    for (const cv of lv.concave) for (const part of cv.parts) trace(part);
    g.fillStyle = '#8f98a6';
    g.fill();
    g.strokeStyle = '#ffffff';
    g.lineWidth = 1 / k;
    g.stroke();
    g.beginPath();
    for (const cv of lv.concave) trace(cv.outline.flatMap((p) => [p.x, p.y]));
    g.strokeStyle = C.ink;
    g.lineWidth = 1.3 / k;
    g.stroke();
    levelPx = new Uint32Array(g.getImageData(0, 0, cw, ch).data.buffer);
    levelKey = key;
    return levelPx;
  }
  const MISS = rgba(C.a);
  const HIT = rgba(C.hit);
  const HIT_FILL = rgba('#f3b58c');
  let emaDraw = 0;

  stage.onDraw = () => {
    const t0 = performance.now();
    const { ctx, canvas } = stage;
    const cw = canvas.width, ch = canvas.height;
    if (!img || img.width !== cw || img.height !== ch) {
      img = ctx.createImageData(cw, ch);
      px = new Uint32Array(img.data.buffer);
    }
    if (levelOn && staticHandles.length) px.set(levelImage(cw, ch));
    else px.fill(WHITE);
    const d = stage.dpr;
    const k = stage.k * d;
    const ox = stage.ox * d, oy = stage.oy * d;
    for (let i = 0; i < n; i++) {
      const cx = ox + x[i] * k, cy = oy + y[i] * k, R = Math.max(0.8, r[i] * k);
      const x0 = Math.max(0, Math.floor(cx - R)), x1 = Math.min(cw - 1, Math.ceil(cx + R));
      const y0 = Math.max(0, Math.floor(cy - R)), y1 = Math.min(ch - 1, Math.ceil(cy + R));
      const R2 = R * R;
      const ring = Math.max(0, R - 1.3 * d);
      const in2 = ring * ring;
      const h = hit[i];
      for (let yy = y0; yy <= y1; yy++) {
        const dy = yy + 0.5 - cy;
        const dy2 = dy * dy;
        const row = yy * cw;
        for (let xx = x0; xx <= x1; xx++) {
          const dx = xx + 0.5 - cx;
          const d2 = dx * dx + dy2;
          if (d2 > R2) continue;
          if (d2 >= in2) px[row + xx] = h ? HIT : MISS;
          else if (h) px[row + xx] = HIT_FILL;
        }
      }
    }
    ctx.putImageData(img, 0, 0);
    ctx.setTransform(d, 0, 0, d, 0, 0);
    if (levelOn && level && touchedCount) {
      // Tiles and slopes touched by a circle at the last step, and the touched parts of the compound bodies: hatched
      // vermillion with a vermillion edge.
      ctx.beginPath();
      const trace = (pts: number[]) => {
        ctx.moveTo(stage.ox + pts[0] * stage.k, stage.oy + pts[1] * stage.k);
        for (let i = 2; i < pts.length; i += 2) ctx.lineTo(stage.ox + pts[i] * stage.k, stage.oy + pts[i + 1] * stage.k);
        ctx.closePath();
      };
      for (let t = 0; t < touchedCount; t++) if (partBase[touchedList[t]] < 0) trace(level.pieces[touchedList[t]].pts);
      for (let t = 0; t < touchedPartCount; t++) trace(partPts[touchedPartList[t]]);
      ctx.fillStyle = stage.hatch(C.hit);
      ctx.fill();
      ctx.strokeStyle = C.hit;
      ctx.lineWidth = 1.2;
      ctx.stroke();
    }
    if (showGrid && mode === 'world') {
      // The World's grid: cells of cellSize from the origin; cells holding two or more bodies are shaded.
      const cols = Math.ceil(W / cellSize), rows = Math.ceil(H / cellSize);
      const count = new Uint16Array(cols * rows);
      for (let i = 0; i < n; i++) {
        const cx = Math.min(cols - 1, Math.floor(x[i] / cellSize)), cy = Math.min(rows - 1, Math.floor(y[i] / cellSize));
        count[cy * cols + cx]++;
      }
      ctx.fillStyle = C.work + '30';
      for (let c = 0; c < count.length; c++) {
        if (count[c] < 2) continue;
        const p = stage.toScreen({ x: (c % cols) * cellSize, y: Math.floor(c / cols) * cellSize });
        ctx.fillRect(p.x, p.y, cellSize * stage.k, cellSize * stage.k);
      }
      ctx.beginPath();
      for (let gx = 0; gx <= W; gx += cellSize) {
        const p = stage.toScreen({ x: gx, y: 0 });
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(p.x, p.y + H * stage.k);
      }
      for (let gy = 0; gy <= H; gy += cellSize) {
        const p = stage.toScreen({ x: 0, y: gy });
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(p.x + W * stage.k, p.y);
      }
      ctx.strokeStyle = C.work + 'aa';
      ctx.lineWidth = 0.5;
      ctx.stroke();
    }
    const tl = stage.toScreen({ x: 0, y: 0 });
    ctx.strokeStyle = C.ink;
    ctx.lineWidth = 1;
    ctx.strokeRect(tl.x, tl.y, W * stage.k, H * stage.k);
    const ms = performance.now() - t0;
    emaDraw = emaDraw ? emaDraw * 0.85 + ms * 0.15 : ms;
  };

  function showStats(): void {
    q('stat-ms').textContent = emaQuery.toFixed(2);
    q('stat-draw').textContent = emaDraw.toFixed(2);
    q('stat-frame').textContent = emaFrame.toFixed(1);
    q('stat-fps').textContent = emaFrame > 0 ? (1000 / emaFrame).toFixed(0) : '–';
    q('stat-pairs').textContent = mode === 'world' ? 'inside wasm' : lastPairs.toLocaleString('en-US');
    q('stat-cell').textContent = mode === 'world' && world ? cellSize.toFixed(2) : '–';
    q('stat-hits').textContent = lastHits.toLocaleString('en-US');
    if (levelOn && level) {
      const fmt = (v: number) => v.toLocaleString('en-US');
      q('stress-moving-count').textContent = fmt(n);
      q('stress-static-count').textContent = fmt(staticHandles.length);
      q('stress-tile-count').textContent = fmt(level.tiles + level.slopes);
      q('stress-concave-count').textContent = fmt(level.concave.length);
      q('stress-part-count').textContent = fmt(partPts.length);
      q('stress-pairs').textContent = fmt(lastPairs);
      q('stress-static-pairs').textContent = fmt(staticPairs);
      q('stress-touched').textContent = fmt(touchedCount);
      q('stress-touched-compounds').textContent = fmt(touchedCompounds);
      q('stress-touched-parts').textContent = fmt(touchedPartCount);
    }
  }

  let statTimer = 0;
  function frame(now: number): void {
    const dt = Math.min(0.05, (now - last) / 1000);
    const frameMs = now - last;
    last = now;
    emaFrame = emaFrame ? emaFrame * 0.9 + frameMs * 0.1 : frameMs;
    step(dt);
    detect();
    stage.drawNow();
    if (now - statTimer > 250 || !running) {
      statTimer = now;
      showStats();
    }
    raf = running ? requestAnimationFrame(frame) : 0;
  }

  function syncControls(): void {
    slider.value = String(n);
    nOut.textContent = `${n} bodies`;
    radios.forEach((el) => { el.checked = el.value === mode; });
    pause.textContent = running ? 'Pause' : 'Run';
    gridBox.checked = showGrid;
    gridBox.disabled = mode !== 'world';
    levelBox.checked = levelOn;
    radios.forEach((el) => { el.disabled = levelOn && el.value !== 'world'; });
    levelStats.hidden = !levelOn;
    replaceHash(buildHash(['stress'], {
      n: String(n), mode, ...(running ? {} : { paused: '1' }), ...(showGrid ? { grid: '1' } : {}), ...(levelOn ? { level: '1' } : {}),
    }));
  }

  function restart(): void {
    dropWorld();
    populate();
    emaQuery = 0;
    detect();
    stage.drawNow();
    showStats();
  }

  slider.addEventListener('input', () => {
    n = clampN(Number(slider.value));
    syncControls();
    restart();
  });
  radios.forEach((el) => el.addEventListener('change', () => {
    mode = modeOf(el.value);
    syncControls();
    emaQuery = 0;
    detect();
    stage.drawNow();
    showStats();
  }));
  gridBox.addEventListener('change', () => {
    showGrid = gridBox.checked;
    syncControls();
    stage.drawNow();
  });
  levelBox.addEventListener('change', () => {
    levelOn = levelBox.checked;
    if (levelOn) mode = 'world';
    syncControls();
    dropWorld();
    emaQuery = 0;
    detect();
    stage.drawNow();
    showStats();
  });
  // A view size that calls for another tile size rebuilds the level (once the resizing has settled).
  let resizeTimer = 0;
  stage.onResize = () => {
    if (!levelOn || !level || tileFor(stage.k) === level.tile) return;
    clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(() => {
      dropWorld();
      detect();
      stage.drawNow();
      showStats();
    }, 150);
  };
  // For the e2e test and the curious (devtools): the level scene as the World sees it after the last step.
  (art as unknown as { levelSnapshot: () => unknown }).levelSnapshot = () => {
    if (!world || !levelOn || !level) return null;
    const w = world;
    const count = w.pairCount;
    const pairs = Array.from(w.pairBodies.subarray(0, 2 * count));
    return {
      tile: level.tile,
      moving: Array.from({ length: n }, (_, i) => [x[i], y[i], r[i]]),
      statics: Array.from(staticHandles, (h) => w.getShape(h as c2.BodyHandle)),
      staticOf: Array.from(staticHandles, (h) => w.isStatic(h as c2.BodyHandle)),
      pieceConcave: level.pieces.map((p) => p.concave),
      concave: level.concave.map((c) => c.outline),
      pairs,
      pairStatic: pairs.map((h) => w.isStatic(h as c2.BodyHandle)),
      // each pair body as [piece, -1] (a static piece) or [-1, circle index]
      pairOwners: pairs.map((h) => (slotPiece[h & 0xfffff] >= 0 ? [slotPiece[h & 0xfffff], -1] : [-1, slotToIndex[h & 0xfffff]])),
      staticHandles: Array.from(staticHandles),
      touched: Array.from(touchedList.subarray(0, touchedCount)).sort((a, b) => a - b),
      // the touched parts as [piece, part], and the raw pairParts records of the last step
      touchedParts: Array.from(touchedPartList.subarray(0, touchedPartCount), (i) => [partOwner[i], i - partBase[partOwner[i]]])
        .sort((a, b) => a[0] - b[0] || a[1] - b[1]),
      pairParts: Array.from(w.pairParts.subarray(0, 3 * w.pairPartCount)),
      touchedCompounds,
      staticPairs,
      bodyCount: w.bodyCount,
    };
  };
  pause.addEventListener('click', () => {
    running = !running;
    syncControls();
    if (running && !raf) {
      last = performance.now();
      raf = requestAnimationFrame(frame);
    }
  });

  syncControls();
  restart();
  if (running) raf = requestAnimationFrame(frame);

  return {
    destroy() {
      cancelAnimationFrame(raf);
      clearTimeout(resizeTimer);
      running = false;
      stage.destroy();
      dropWorld();
      a = b = new Float64Array(0);
      out = new Uint8Array(0);
      pi = pj = new Uint32Array(0);
    },
  };
}

function clampN(v: number): number {
  if (!Number.isFinite(v)) return 1000;
  return Math.max(10, Math.min(MAX_N, Math.round(v)));
}

type Mode = 'grid' | 'brute' | 'world';

function modeOf(v: string | null): Mode {
  return v === 'brute' || v === 'world' ? v : 'grid';
}
