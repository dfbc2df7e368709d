// Case viewer: every JSON case of tests/cases, bundled at build time, drawn with the expected and the actual
// result side by side: the visual debugger for a failing case.
import * as c2 from 'collide2d';
import type { Mounted } from '../chapter';
import { type Vec, add, fmt, scale } from '../geom';
import { toJson } from '../readout';
import { C, Stage, type ViewRect } from '../stage';
import { buildHash, replaceHash } from '../url';

const modules = import.meta.glob('../../../../tests/cases/**/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

type Json = any;

export interface CaseEntry {
  /** family/name.json */
  id: string;
  family: string;
  data: Json;
}

export const CASES: CaseEntry[] = Object.entries(modules)
  .map(([path, data]) => {
    const id = path.replace(/^.*tests\/cases\//, '');
    return { id, family: id.includes('/') ? id.split('/')[0] : '(root)', data };
  })
  .sort((a, b) => a.id.localeCompare(b.id));

// ---- JSON → library values --------------------------------------------------------------------------------------

const numOf = (x: Json): number =>
  x === 'NaN' ? NaN : x === 'Infinity' ? Infinity : x === '-Infinity' ? -Infinity : (x as number);
const vecOf = (p: Json): Vec => (Array.isArray(p) ? { x: numOf(p[0]), y: numOf(p[1]) } : p);

/** A plain collide2d shape object from a corpus shape (no factory: invalid shapes must reach validate()). */
export function shapeOf(s: Json): Json {
  switch (s.type) {
    case 'circle':
      return { type: 'circle', center: vecOf(s.center), radius: numOf(s.radius) };
    case 'aabb':
      if (s.topLeft) {
        const tl = vecOf(s.topLeft);
        return { type: 'aabb', min: tl, max: { x: tl.x + numOf(s.width), y: tl.y + numOf(s.height) } };
      }
      return { type: 'aabb', min: vecOf(s.min), max: vecOf(s.max) };
    case 'box':
      return {
        type: 'box',
        center: vecOf(s.center),
        halfExtents: vecOf(s.halfExtents),
        angle: s.angle !== undefined ? numOf(s.angle) : (numOf(s.angleDegrees ?? 0) * Math.PI) / 180,
      };
    case 'polygon':
      return { type: 'polygon', points: (s.points as Json[]).map(vecOf) };
    case 'segment':
    case 'line':
      return { type: s.type, a: vecOf(s.a), b: vecOf(s.b) };
    case 'ray':
      return {
        type: 'ray', origin: vecOf(s.origin), direction: vecOf(s.direction),
        maxFraction: s.maxFraction !== undefined ? numOf(s.maxFraction) : Infinity,
      };
    default:
      return s;
  }
}

const arr = (p: Vec | undefined) => (p ? [p.x, p.y] : undefined);
const wallsOf = (ws: Json[]) => ws.map((w) => ({ type: 'segment' as const, a: vecOf(w[0]), b: vecOf(w[1]) }));

/** Runs the case's query through the public API; the result uses the corpus' field names and [x, y] points. */
export function runCase(d: Json): Json {
  const q = d.query as string;
  switch (q) {
    case 'overlaps':
      return { hit: c2.overlaps(shapeOf(d.a), shapeOf(d.b)) };
    case 'collide': {
      const c = c2.collide(shapeOf(d.a), shapeOf(d.b)) as Json;
      return c ? { hit: true, normal: arr(c.normal), depth: c.depth, point: arr(c.point) } : { hit: false };
    }
    case 'intersectLines': {
      const r = c2.intersectLines(shapeOf(d.a), shapeOf(d.b)) as Json;
      return { kind: r.kind, point: arr(r.point), ta: r.ta, tb: r.tb };
    }
    case 'intersectSegments': {
      const r = c2.intersectSegments(shapeOf(d.a), shapeOf(d.b)) as Json;
      return {
        kind: r.kind, points: r.points.map(arr), ua: r.ua, ub: r.ub,
        overlapsAgrees: c2.overlaps(shapeOf(d.a), shapeOf(d.b)) === (r.kind !== 'none'),
      };
    }
    case 'intersectCircleLine': {
      const r = c2.intersectCircleLine(shapeOf(d.circle), shapeOf(d.line)) as Json;
      return { count: r.count, t1: r.t1, t2: r.t2, p1: arr(r.p1), p2: arr(r.p2) };
    }
    case 'intersectCircleSegment': {
      const r = c2.intersectCircleSegment(shapeOf(d.circle), shapeOf(d.segment)) as Json;
      return {
        count: r.count, t: r.t, points: r.points.map(arr), overlaps: r.overlaps, closest: arr(r.closest),
        closestT: r.closestT, distance: r.distance,
      };
    }
    case 'closestPoint': {
      const r = c2.closestPoint(shapeOf(d.shape), vecOf(d.point)) as Json;
      return { ...r, point: arr(r.point) };
    }
    case 'contains':
      return { inside: c2.contains(shapeOf(d.shape), vecOf(d.point)) };
    case 'raycast': {
      const r = c2.raycast(shapeOf(d.ray), shapeOf(d.shape)) as Json;
      return r ? { hit: true, fraction: r.fraction, point: arr(r.point), normal: arr(r.normal) } : { hit: false };
    }
    case 'sat': {
      const r = c2.sat(shapeOf(d.a), shapeOf(d.b)) as Json;
      return {
        hit: r.hit, separatingAxis: r.separatingAxis, minimumAxis: r.minimumAxis, axisCount: r.axes.length,
        boundingCircleRejected: r.boundingCircleRejected, boundingCircleTested: r.boundingCircleTested,
        axes: r.axes.map((a: Json) => ({ ...a, axis: arr(a.axis) })), normal: arr(r.normal), depth: r.depth,
        point: arr(r.point),
      };
    }
    case 'sweep': {
      const r = c2.sweep(shapeOf(d.circle), vecOf(d.displacement), wallsOf(d.walls)) as Json;
      return { ...r, position: arr(r.position), normal: arr(r.normal), point: arr(r.point) };
    }
    case 'moveAndSlide': {
      const r = c2.moveAndSlide(shapeOf(d.circle), vecOf(d.displacement), wallsOf(d.walls), d.maxIterations ?? 4) as Json;
      return { ...r, position: arr(r.position), path: r.path.map(arr), lastNormal: arr(r.lastNormal) };
    }
    case 'project': {
      const p = vecOf(d.point);
      const ax = vecOf(d.axis);
      return { point: arr(c2.project(p, ax) as Vec), scalar: p.x * ax.x + p.y * ax.y };
    }
    case 'validate': {
      const r = c2.validate(shapeOf(d.shape)) as Json;
      return { error: r.error, field: r.field, message: r.message };
    }
    default:
      throw new Error(`unknown query "${q}"`);
  }
}

// ---- comparison -------------------------------------------------------------------------------------------------

const EXACT = new Set([
  'hit', 'kind', 'count', 'overlaps', 'inside', 'wall', 'separatingAxis', 'minimumAxis', 'axisCount',
  'boundingCircleRejected', 'contacts', 'iterations', 'owner', 'edge', 'error', 'field',
]);

/** Largest absolute finite number among the case's inputs (for the tolerance rule). */
function scaleOf(d: Json): number {
  let m = 0;
  const walk = (x: Json, key: string) => {
    if (['expect', 'description', 'source', 'query', 'tolerance'].includes(key)) return;
    if (typeof x === 'number' && Number.isFinite(x)) m = Math.max(m, Math.abs(x));
    else if (Array.isArray(x)) x.forEach((y) => walk(y, ''));
    else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, k);
  };
  walk(d, '');
  return m;
}

export interface Check {
  field: string;
  expected: Json;
  actual: Json;
  ok: boolean;
}

function near(e: Json, a: Json, tol: number): boolean {
  if (Array.isArray(e)) return Array.isArray(a) && a.length === e.length && e.every((x, i) => near(x, a[i], tol));
  if (e && typeof e === 'object') return !!a && typeof a === 'object' && Object.keys(e).every((k) => near(e[k], a[k], tol));
  if (typeof e === 'number' || e === 'NaN' || e === 'Infinity' || e === '-Infinity') {
    const x = numOf(e);
    const y = typeof a === 'number' ? a : numOf(a);
    if (Number.isNaN(x)) return Number.isNaN(y);
    if (!Number.isFinite(x)) return x === y;
    return typeof y === 'number' && Math.abs(x - y) <= tol;
  }
  return e === a;
}

function exactEq(e: Json, a: Json, key: string): boolean {
  if (Array.isArray(e)) return Array.isArray(a) && a.length === e.length && e.every((x, i) => exactEq(x, a[i], key));
  if (e && typeof e === 'object') return !!a && Object.keys(e).every((k) => (EXACT.has(k) ? exactEq(e[k], a[k], k) : true));
  return e === a;
}

export function checkCase(d: Json, actual: Json): Check[] {
  const exp = d.expect ?? {};
  const tol = (d.tolerance ?? 1e-9) * Math.max(1, scaleOf(d));
  const checks: Check[] = [];
  const skipMetric = (d.query === 'collide' || d.query === 'raycast') && exp.hit === false;
  for (const [field, e] of Object.entries(exp)) {
    if (skipMetric && field !== 'hit') continue;
    if (d.query === 'collide' && exp.hit === true && field !== 'hit' && actual.hit === false) {
      checks.push({ field, expected: e, actual: undefined, ok: false });
      continue;
    }
    let a = actual[field];
    if (field === 'axisCount' && a === undefined) a = actual.axes?.length;
    let ok: boolean;
    if (field === 'axes') {
      ok = Array.isArray(a) && Array.isArray(e) && a.length === e.length &&
        (e as Json[]).every((ax, i) => exactEq(ax, a[i], '') && near(stripExact(ax), stripExact(a[i]), tol));
    } else ok = EXACT.has(field) ? exactEq(e, a, field) : near(e, a, tol);
    checks.push({ field, expected: e, actual: a, ok });
  }
  if (d.query === 'intersectSegments') {
    checks.push({ field: 'overlaps agrees', expected: true, actual: actual.overlapsAgrees, ok: actual.overlapsAgrees === true });
  }
  return checks;
}

function stripExact(o: Json): Json {
  if (!o || typeof o !== 'object') return o;
  return Object.fromEntries(Object.entries(o).filter(([k]) => !EXACT.has(k)));
}

export function evaluate(c: CaseEntry): { actual: Json; checks: Check[]; error: string | null; pass: boolean } {
  try {
    const actual = runCase(c.data);
    const checks = checkCase(c.data, actual);
    return { actual, checks, error: null, pass: checks.every((k) => k.ok) };
  } catch (e) {
    return { actual: null, checks: [], error: e instanceof Error ? e.message : String(e), pass: false };
  }
}

// ---- drawing ------------------------------------------------------------------------------------------------------

/** Input shapes of a case, as plain library shapes, with a role name. */
function inputs(d: Json): [string, Json][] {
  const out: [string, Json][] = [];
  for (const k of ['a', 'b', 'circle', 'line', 'segment', 'shape', 'ray']) {
    if (d[k] && typeof d[k] === 'object' && !Array.isArray(d[k]) && d[k].type) out.push([k, shapeOf(d[k])]);
  }
  if (Array.isArray(d.walls)) wallsOf(d.walls).forEach((w, i) => out.push([`wall ${i}`, w]));
  return out;
}

function pointsOf(s: Json): Vec[] {
  switch (s.type) {
    case 'circle':
      return [add(s.center, { x: -s.radius, y: -s.radius }), add(s.center, { x: s.radius, y: s.radius })];
    case 'aabb':
      return [s.min, s.max];
    case 'box': {
      const r = Math.hypot(s.halfExtents.x, s.halfExtents.y);
      return [add(s.center, { x: -r, y: -r }), add(s.center, { x: r, y: r })];
    }
    case 'polygon':
      return s.points;
    case 'segment':
    case 'line':
      return [s.a, s.b];
    case 'ray':
      return [s.origin, add(s.origin, s.direction)];
    default:
      return [];
  }
}

function fitView(d: Json, actual: Json): ViewRect {
  const pts: Vec[] = inputs(d).flatMap(([, s]) => pointsOf(s));
  for (const k of ['point', 'displacement']) if (Array.isArray(d[k])) pts.push(vecOf(d[k]));
  if (d.circle && Array.isArray(d.displacement)) {
    const c = shapeOf(d.circle);
    const e = add(c.center, vecOf(d.displacement));
    pts.push(add(e, { x: -c.radius, y: -c.radius }), add(e, { x: c.radius, y: c.radius }));
  }
  if (actual?.point && Array.isArray(actual.point)) pts.push(vecOf(actual.point));
  const ok = pts.filter((p) => p && Number.isFinite(p.x) && Number.isFinite(p.y));
  if (!ok.length) return { x: -1, y: -1, w: 2, h: 2 };
  let x0 = Math.min(...ok.map((p) => p.x)), x1 = Math.max(...ok.map((p) => p.x));
  let y0 = Math.min(...ok.map((p) => p.y)), y1 = Math.max(...ok.map((p) => p.y));
  const size = Math.max(x1 - x0, y1 - y0, 1e-12 * Math.max(1, Math.abs(x0), Math.abs(y0)), 1e-300);
  const pad = size * 0.2;
  x0 -= pad; x1 += pad; y0 -= pad; y1 += pad;
  return { x: x0, y: y0, w: Math.max(x1 - x0, size * 0.4), h: Math.max(y1 - y0, size * 0.4) };
}

function drawLibShape(st: Stage, s: Json, color: string, name: string): void {
  const fin = (p: Vec) => p && Number.isFinite(p.x) && Number.isFinite(p.y);
  switch (s.type) {
    case 'circle':
      if (!fin(s.center) || !Number.isFinite(s.radius)) return;
      st.pathCircle(s.center, Math.abs(s.radius));
      st.fillStroke(color + '18', color, 2);
      if (s.radius * st.k < 3) st.dot(s.center, color, 3.5);
      st.label(s.center, name, color, 0, 0, 'center', true);
      break;
    case 'aabb':
    case 'box':
    case 'polygon': {
      let pts: Vec[];
      if (s.type === 'aabb') pts = [s.min, { x: s.max.x, y: s.min.y }, s.max, { x: s.min.x, y: s.max.y }];
      else if (s.type === 'box') {
        const { x: hx, y: hy } = s.halfExtents;
        const c = Math.cos(s.angle), sn = Math.sin(s.angle);
        pts = [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]].map(([px, py]) => ({
          x: s.center.x + c * px - sn * py, y: s.center.y + sn * px + c * py,
        }));
      } else pts = s.points;
      if (!pts.every(fin)) return;
      st.pathPoly(pts);
      st.fillStroke(color + '18', color, 2);
      const m = scale(pts.reduce((acc, p) => add(acc, p), { x: 0, y: 0 }), 1 / pts.length);
      st.label(m, name, color, 0, 0, 'center', true);
      break;
    }
    case 'segment':
      if (!fin(s.a) || !fin(s.b)) return;
      st.line(s.a, s.b, color, 3);
      st.dot(s.a, color, 3);
      st.label(s.a, name, color, 8, -8);
      break;
    case 'line':
      if (!fin(s.a) || !fin(s.b)) return;
      st.infiniteLine(s.a, s.b, color, 1.5, [8, 5]);
      st.line(s.a, s.b, color, 3);
      st.label(s.a, name, color, 8, -8);
      break;
    case 'ray': {
      if (!fin(s.origin) || !fin(s.direction)) return;
      const far = Number.isFinite(s.maxFraction) ? s.maxFraction : 1e3;
      st.line(s.origin, add(s.origin, scale(s.direction, far)), color, 1.5, [6, 4]);
      st.arrow(s.origin, add(s.origin, s.direction), color, name);
      break;
    }
  }
}

/** Expected: hollow rings and dashed arrows; actual: filled dots and solid arrows. */
function drawResult(st: Stage, d: Json, res: Json, expected: boolean): void {
  if (!res) return;
  const color = expected ? C.muted : C.ink;
  const dot = (p: Json, text: string) => {
    if (!Array.isArray(p)) return;
    const v = vecOf(p);
    if (!Number.isFinite(v.x) || !Number.isFinite(v.y)) return;
    if (expected) st.dot(v, color, 8, true);
    else st.dot(v, color, 4);
    if (text) st.label(v, text, color, 10, expected ? 14 : -12);
  };
  const arrow = (from: Json, dir: Json, len: number, text: string) => {
    if (!Array.isArray(from) || !Array.isArray(dir)) return;
    const a = vecOf(from);
    const n = vecOf(dir);
    const l = Math.max(len, 28 / st.k);
    if (expected) st.line(a, add(a, scale(n, l)), C.push, 6, [4, 3]);
    else st.arrow(a, add(a, scale(n, l)), C.push, text);
  };
  const tag = expected ? 'expected' : 'actual';
  if (Array.isArray(res.point)) dot(res.point, `${tag} point`);
  if (Array.isArray(res.points)) res.points.forEach((p: Json, i: number) => dot(p, `${tag} ${i}`));
  if (Array.isArray(res.p1) && (res.count ?? 0) > 0) dot(res.p1, `${tag} t1`);
  if (Array.isArray(res.p2) && (res.count ?? 0) > 1) dot(res.p2, `${tag} t2`);
  if (Array.isArray(res.closest)) dot(res.closest, `${tag} closest`);
  if (Array.isArray(res.normal) && res.hit !== false) {
    const from = Array.isArray(res.point) ? res.point : Array.isArray(res.position) ? res.position : null;
    if (from) arrow(from, res.normal, typeof res.depth === 'number' ? res.depth : 0, expected ? '' : 'normal');
  }
  if (Array.isArray(res.position) && d.circle) {
    const p = vecOf(res.position);
    const r = numOf(d.circle.radius);
    if (Number.isFinite(p.x) && Number.isFinite(r)) {
      st.pathCircle(p, r);
      st.fillStroke(null, expected ? C.muted : C.ink, expected ? 4 : 1.5, expected ? [5, 4] : []);
      st.label(p, `${tag} stop`, color, 0, expected ? 14 : -14, 'center');
    }
  }
}

// ---- view -------------------------------------------------------------------------------------------------------

export function mountCases(root: HTMLElement, params: URLSearchParams): Mounted {
  const art = document.createElement('article');
  art.className = 'cases';
  art.innerHTML = `<h1>Case viewer</h1>
<p class="prose case-desc">The JSON cases in <code>tests/cases/</code> are run by the native tests, the wasm tests,
the JavaScript tests, and here. Pick one to see its shapes with the expected result (large hollow grey diamonds,
dashed arrows) and what the library in this page actually returns (small black diamonds, solid arrows). A failing
field is marked in the table.</p>`;
  const layout = document.createElement('div');
  layout.className = 'cases-layout';
  const listBox = document.createElement('div');
  const filter = document.createElement('input');
  filter.type = 'search';
  filter.placeholder = 'Filter cases…';
  filter.className = 'case-select';
  filter.setAttribute('aria-label', 'Filter cases');
  const onlyFail = document.createElement('label');
  onlyFail.innerHTML = '<input type="checkbox" data-testid="only-failing"> only failing';
  const summary = document.createElement('p');
  summary.className = 'mono';
  summary.dataset.testid = 'case-summary';
  const list = document.createElement('nav');
  list.className = 'case-list';
  list.setAttribute('aria-label', 'Cases');
  listBox.append(filter, onlyFail, summary, list);
  const detail = document.createElement('section');
  detail.className = 'figure';
  layout.append(listBox, detail);
  art.append(layout);
  root.replaceChildren(art);

  const results = new Map(CASES.map((c) => [c.id, evaluate(c)]));
  const failing = CASES.filter((c) => !results.get(c.id)?.pass).length;
  summary.textContent = `${CASES.length} cases, ${CASES.length - failing} pass, ${failing} fail here`;

  let selected = params.get('case') ?? '';
  if (!CASES.some((c) => c.id === selected)) selected = CASES[0]?.id ?? '';

  function renderList(): void {
    const text = filter.value.trim().toLowerCase();
    const fails = (onlyFail.querySelector('input') as HTMLInputElement).checked;
    const fams = new Map<string, CaseEntry[]>();
    for (const c of CASES) {
      if (text && !c.id.toLowerCase().includes(text)) continue;
      if (fails && results.get(c.id)?.pass) continue;
      if (!fams.has(c.family)) fams.set(c.family, []);
      fams.get(c.family)!.push(c);
    }
    const frag = document.createDocumentFragment();
    for (const [fam, cs] of fams) {
      const det = document.createElement('details');
      det.open = !!text || fails || cs.some((c) => c.id === selected) || fams.size <= 3;
      const sum = document.createElement('summary');
      const nf = cs.filter((c) => !results.get(c.id)?.pass).length;
      sum.textContent = `${fam} (${cs.length}${nf ? `, ${nf} failing` : ''})`;
      const ul = document.createElement('ul');
      for (const c of cs) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = buildHash(['cases'], { case: c.id });
        const pass = results.get(c.id)?.pass;
        a.textContent = `${pass ? '✓' : '✗'} ${c.id.slice(fam.length + 1) || c.id}`;
        if (!pass) a.className = 'fail';
        if (c.id === selected) a.setAttribute('aria-current', 'true');
        a.addEventListener('click', (e) => {
          e.preventDefault();
          select(c.id);
        });
        li.append(a);
        ul.append(li);
      }
      det.append(sum, ul);
      frag.append(det);
    }
    list.replaceChildren(frag);
  }

  let stage: Stage | null = null;

  function select(id: string): void {
    selected = id;
    replaceHash(buildHash(['cases'], { case: id }));
    renderList();
    renderDetail();
  }

  function renderDetail(): void {
    stage?.destroy();
    stage = null;
    const c = CASES.find((x) => x.id === selected);
    if (!c) {
      detail.innerHTML = '<p>No cases found in tests/cases.</p>';
      return;
    }
    const res = results.get(c.id)!;
    const d = c.data;
    detail.replaceChildren();
    const h = document.createElement('h2');
    h.className = 'mono';
    h.textContent = c.id;
    h.dataset.testid = 'case-id';
    const p = document.createElement('p');
    p.textContent = `${d.description ?? ''}${d.source ? ` (source: ${d.source})` : ''}`;
    const meta = document.createElement('p');
    meta.innerHTML = `query <code>${d.query}</code>`;
    const badge = document.createElement('p');
    badge.className = `badge ${res.pass ? 'badge-miss' : 'badge-hit'}`;
    badge.dataset.testid = 'case-status';
    badge.dataset.pass = String(res.pass);
    badge.textContent = res.pass ? '✓ PASS: the library matches the expected result' : `✗ FAIL${res.error ? `: ${res.error}` : ': see the marked fields'}`;
    detail.append(h, p, meta, badge);
    const st = new Stage(detail, fitView(d, res.actual), `Case ${c.id}`);
    stage = st;
    const shapes = inputs(d);
    st.onDraw = () => {
      shapes.forEach(([name, s], i) => drawLibShape(st, s, i % 2 ? C.b : C.a, name));
      if (Array.isArray(d.point)) {
        st.dot(vecOf(d.point), C.ink, 5);
        st.label(vecOf(d.point), 'query point', C.ink, 8, -10);
      }
      if (d.circle && Array.isArray(d.displacement)) {
        const cc = shapeOf(d.circle);
        const e = add(cc.center, vecOf(d.displacement));
        st.arrow(cc.center, e, C.motion, 'displacement');
        st.pathCircle(e, cc.radius);
        st.fillStroke(null, C.muted, 1, [4, 4]);
      }
      drawResult(st, d, d.expect, true);
      drawResult(st, d, res.actual, false);
    };
    st.drawNow();
    const table = document.createElement('table');
    table.className = 'pairs checks';
    table.dataset.testid = 'case-checks';
    table.innerHTML = '<thead><tr><th>field</th><th>expected</th><th>actual</th><th>match</th></tr></thead>';
    const tb = document.createElement('tbody');
    for (const k of res.checks) {
      const tr = document.createElement('tr');
      const cells = [k.field, short(k.expected), short(k.actual), k.ok ? '✓ ok' : '✗ differs'];
      cells.forEach((t, i) => {
        const td = document.createElement('td');
        td.textContent = t;
        if (i === 3) td.className = k.ok ? 'ok' : 'bad';
        if (i > 0 && i < 3) td.className = 'mono';
        tr.append(td);
      });
      tb.append(tr);
    }
    table.append(tb);
    const wrap = document.createElement('div');
    wrap.className = 'table-wrap';
    wrap.append(table);
    const raw = document.createElement('details');
    raw.className = 'raw';
    raw.innerHTML = '<summary>Case JSON and actual result</summary>';
    const pre1 = document.createElement('pre');
    pre1.textContent = JSON.stringify(d, null, 2);
    const pre2 = document.createElement('pre');
    pre2.dataset.testid = 'result-json';
    pre2.textContent = toJson(res.actual ?? res.error);
    raw.append(pre1, pre2);
    detail.append(wrap, raw);
  }

  filter.addEventListener('input', renderList);
  onlyFail.addEventListener('change', renderList);
  renderList();
  renderDetail();
  if (selected) replaceHash(buildHash(['cases'], { case: selected }));
  return { destroy: () => stage?.destroy() };
}

function short(x: Json): string {
  if (x === undefined) return '—';
  const s = JSON.stringify(x, (_k, v) => (typeof v === 'number' ? (Number.isFinite(v) ? Number(fmt(v, 9)) : String(v)) : v));
  return s.length > 160 ? s.slice(0, 157) + '…' : s;
}
