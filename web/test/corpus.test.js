// The tests/cases corpus run through the PUBLIC JavaScript API: the same expected results and the same tolerance
// rule as the native GoogleTest harness (tests/cases/README.md, tests/native/corpus_test.cpp). One test per case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as c2 from 'collide2d';

const casesDir = fileURLToPath(new URL('../../tests/cases/', import.meta.url));

function listCases(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listCases(p));
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

// ---- reading the case format --------------------------------------------------------------------------------

const SPECIAL = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

function num(j, path) {
  if (typeof j === 'number') return j;
  if (typeof j === 'string' && j in SPECIAL) return SPECIAL[j];
  throw new Error(`malformed case: ${path} is not a number: ${JSON.stringify(j)}`);
}

function vec(j, path) {
  if (!Array.isArray(j) || j.length !== 2) throw new Error(`malformed case: ${path} is not [x, y]`);
  return { x: num(j[0], path + '[0]'), y: num(j[1], path + '[1]') };
}

/** A corpus shape as the package's plain shape object (built by hand, not by the validating factories). */
function shape(j, path) {
  switch (j.type) {
    case 'circle':
      return { type: 'circle', center: vec(j.center, path + '.center'), radius: num(j.radius, path + '.radius') };
    case 'aabb':
      if (j.topLeft !== undefined) {
        // Aabb::fromTopLeft, with the same floating-point operations.
        const tl = vec(j.topLeft, path + '.topLeft');
        const w = num(j.width, path + '.width');
        const h = num(j.height, path + '.height');
        return { type: 'aabb', min: tl, max: { x: tl.x + w, y: tl.y + h } };
      }
      return { type: 'aabb', min: vec(j.min, path + '.min'), max: vec(j.max, path + '.max') };
    case 'box': {
      let angle = 0;
      if (j.angle !== undefined) angle = num(j.angle, path + '.angle');
      else if (j.angleDegrees !== undefined) angle = num(j.angleDegrees, path + '.angleDegrees') * (Math.PI / 180);
      return { type: 'box', center: vec(j.center, path + '.center'), halfExtents: vec(j.halfExtents, path), angle };
    }
    case 'polygon':
      return { type: 'polygon', points: j.points.map((p, i) => vec(p, `${path}.points[${i}]`)) };
    case 'segment':
    case 'line':
      return { type: j.type, a: vec(j.a, path + '.a'), b: vec(j.b, path + '.b') };
    case 'ray': {
      const r = { type: 'ray', origin: vec(j.origin, path + '.origin'), direction: vec(j.direction, path) };
      if (j.maxFraction !== undefined) r.maxFraction = num(j.maxFraction, path + '.maxFraction');
      return r;
    }
    default:
      throw new Error(`malformed case: ${path}.type ${JSON.stringify(j.type)}`);
  }
}

function walls(j) {
  return j.map((w, i) => ({ type: 'segment', a: vec(w[0], `walls[${i}][0]`), b: vec(w[1], `walls[${i}][1]`) }));
}

/** The README's tolerance scale: the largest finite |number| among the inputs (angles and limits excluded). */
function inputScale(j, top = true) {
  if (typeof j === 'number') return Number.isFinite(j) ? Math.abs(j) : 0;
  let scale = 0;
  if (Array.isArray(j)) {
    for (const e of j) scale = Math.max(scale, inputScale(e, false));
  } else if (j !== null && typeof j === 'object') {
    for (const [k, v] of Object.entries(j)) {
      if (top && ['description', 'source', 'query', 'expect', 'tolerance'].includes(k)) continue;
      if (['angle', 'angleDegrees', 'maxFraction', 'maxIterations'].includes(k)) continue;
      scale = Math.max(scale, inputScale(v, false));
    }
  }
  return scale;
}

// ---- comparing with `expect` ------------------------------------------------------------------------------------

class Checker {
  constructor(expect, tol) {
    this.expect = expect;
    this.tol = tol;
    this.failures = [];
  }
  fail(what) {
    this.failures.push(what);
  }
  has(key) {
    return this.expect[key] !== undefined;
  }
  close(e, a) {
    if (Number.isNaN(e)) return Number.isNaN(a);
    if (!Number.isFinite(e)) return e === a;
    return Number.isFinite(a) && Math.abs(a - e) <= this.tol;
  }
  exact(key, actual) {
    if (!this.has(key)) return;
    if (this.expect[key] !== actual) {
      this.fail(`${key}: expected ${JSON.stringify(this.expect[key])}, actual ${JSON.stringify(actual)}`);
    }
  }
  number(key, actual, expected = this.expect[key]) {
    if (expected === undefined) return;
    const e = num(expected, 'expect.' + key);
    if (!this.close(e, actual)) this.fail(`${key}: expected ${e}, actual ${actual} (allowed ${this.tol})`);
  }
  vec(key, actual, expected = this.expect[key]) {
    if (expected === undefined) return;
    const e = vec(expected, 'expect.' + key);
    if (!this.close(e.x, actual.x) || !this.close(e.y, actual.y)) {
      this.fail(`${key}: expected [${e.x}, ${e.y}], actual [${actual.x}, ${actual.y}] (allowed ${this.tol})`);
    }
  }
  vecList(key, actual) {
    if (!this.has(key)) return;
    const e = this.expect[key];
    if (e.length !== actual.length) return this.fail(`${key}: expected ${e.length} points, actual ${actual.length}`);
    e.forEach((p, i) => this.vec(`${key}[${i}]`, actual[i], p));
  }
  numberList(key, actual) {
    if (!this.has(key)) return;
    const e = this.expect[key];
    if (e.length !== actual.length) return this.fail(`${key}: expected ${e.length} values, actual ${actual.length}`);
    e.forEach((v, i) => this.number(`${key}[${i}]`, actual[i], v));
  }
}

function checkContact(check, c) {
  check.exact('hit', c !== null);
  if (c === null) return;
  if (check.expect.hit !== false) {
    check.vec('normal', c.normal);
    check.number('depth', c.depth);
    check.vec('point', c.point);
  }
  if (!(Math.abs(Math.hypot(c.normal.x, c.normal.y) - 1) <= 1e-9)) check.fail('contact normal is not unit');
  if (!(c.depth >= 0)) check.fail('contact depth is negative');
}

function distanceToSegment(p, s) {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(p.x - (s.a.x + dx * t), p.y - (s.a.y + dy * t));
}

function checkNoOverlap(check, start, final, ws) {
  ws.forEach((w, i) => {
    const allowed = Math.min(start.radius, distanceToSegment(start.center, w)) - check.tol;
    const d = distanceToSegment(final, w);
    if (!(d >= allowed)) check.fail(`invariant: final circle overlaps wall ${i} (distance ${d} < ${allowed})`);
  });
}

const runners = {
  overlaps(j, check) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const hit = c2.overlaps(a, b);
    check.exact('hit', hit);
    if ((c2.collide(a, b) !== null) !== hit) check.fail('overlaps(a, b) disagrees with collide(a, b)');
  },
  collide(j, check) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const c = c2.collide(a, b);
    checkContact(check, c);
    if (c2.overlaps(a, b) !== (c !== null)) check.fail('overlaps(a, b) disagrees with collide(a, b)');
  },
  intersectLines(j, check) {
    const r = c2.intersectLines(shape(j.a, 'a'), shape(j.b, 'b'));
    check.exact('kind', r.kind);
    if (r.kind === 'point') {
      check.vec('point', r.point);
      check.number('ta', r.ta);
      check.number('tb', r.tb);
    }
  },
  intersectSegments(j, check) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const r = c2.intersectSegments(a, b);
    check.exact('kind', r.kind);
    if (r.kind !== 'none') {
      check.vecList('points', r.points);
      check.numberList('ua', r.ua);
      check.numberList('ub', r.ub);
    }
    const o = c2.overlaps(a, b);
    if (o !== (r.kind !== 'none')) check.fail(`overlaps(a, b) = ${o} disagrees with kind ${r.kind}`);
    if ((c2.collide(a, b) !== null) !== o) check.fail('collide(a, b) disagrees with overlaps(a, b)');
  },
  intersectCircleLine(j, check) {
    const r = c2.intersectCircleLine(shape(j.circle, 'circle'), shape(j.line, 'line'));
    check.exact('count', r.count);
    if (r.count > 0) {
      check.number('t1', r.t1);
      check.number('t2', r.t2);
      check.vec('p1', r.p1);
      check.vec('p2', r.p2);
      if (!(r.t1 <= r.t2)) check.fail('t1 > t2');
    }
  },
  intersectCircleSegment(j, check) {
    const circle = shape(j.circle, 'circle');
    const segment = shape(j.segment, 'segment');
    const r = c2.intersectCircleSegment(circle, segment);
    check.exact('count', r.count);
    check.numberList('t', r.t);
    check.vecList('points', r.points);
    check.exact('overlaps', r.overlaps);
    check.vec('closest', r.closest);
    check.number('closestT', r.closestT);
    check.number('distance', r.distance);
    if (c2.overlaps(circle, segment) !== r.overlaps) check.fail('overlaps(circle, segment) disagrees');
  },
  closestPoint(j, check) {
    const s = shape(j.shape, 'shape');
    const r = c2.closestPoint(s, vec(j.point, 'point'));
    check.vec('point', r.point);
    check.number('distanceSquared', r.distanceSquared);
    if (s.type === 'segment' || s.type === 'line') check.number('t', r.t);
    else check.exact('inside', r.inside);
  },
  contains(j, check) {
    check.exact('inside', c2.contains(shape(j.shape, 'shape'), vec(j.point, 'point')));
  },
  raycast(j, check) {
    const ray = shape(j.ray, 'ray');
    const h = c2.raycast(ray, shape(j.shape, 'shape'));
    check.exact('hit', h !== null);
    if (h !== null) {
      check.number('fraction', h.fraction);
      check.vec('point', h.point);
      check.vec('normal', h.normal);
      const max = ray.maxFraction ?? Infinity;
      if (!(h.fraction >= 0 && h.fraction <= max)) check.fail('fraction outside [0, maxFraction]');
    }
  },
  sat(j, check) {
    const a = shape(j.a, 'a');
    const b = shape(j.b, 'b');
    const r = c2.sat(a, b);
    checkContact(check, r.hit ? r : null);
    if ((c2.collide(a, b) !== null) !== r.hit) check.fail('collide disagrees with sat on hit');
    check.exact('separatingAxis', r.separatingAxis);
    check.exact('minimumAxis', r.minimumAxis);
    check.exact('axisCount', r.axes.length);
    check.exact('boundingCircleTested', r.boundingCircleTested);
    check.exact('boundingCircleRejected', r.boundingCircleRejected);
    if (!check.has('axes')) return;
    if (check.expect.axes.length !== r.axes.length) return check.fail('axes: wrong count');
    check.expect.axes.forEach((e, i) => {
      const sub = new Checker(e, check.tol);
      const x = r.axes[i];
      sub.vec('axis', x.axis);
      sub.exact('owner', x.owner);
      sub.exact('edge', x.edge);
      for (const k of ['minA', 'maxA', 'minB', 'maxB', 'overlap']) sub.number(k, x[k]);
      for (const f of sub.failures) check.fail(`axes[${i}] ${f}`);
    });
  },
  sweep(j, check) {
    const circle = shape(j.circle, 'circle');
    const ws = walls(j.walls);
    const h = c2.sweep(circle, vec(j.displacement, 'displacement'), ws);
    check.exact('hit', h.hit);
    check.number('time', h.time);
    check.vec('position', h.position);
    if (h.hit) {
      check.vec('normal', h.normal);
      check.vec('point', h.point);
      check.exact('wall', h.wall);
    }
    if (!(h.time >= 0 && h.time <= 1)) check.fail('time outside [0, 1]');
    checkNoOverlap(check, circle, h.position, ws);
  },
  moveAndSlide(j, check) {
    const circle = shape(j.circle, 'circle');
    const ws = walls(j.walls);
    const s = c2.moveAndSlide(circle, vec(j.displacement, 'displacement'), ws, j.maxIterations ?? 4);
    check.vec('position', s.position);
    check.exact('contacts', s.contacts);
    check.exact('iterations', s.iterations);
    check.exact('pathCount', s.path.length);
    check.vec('lastNormal', s.lastNormal);
    if (s.path.length < 1) check.fail('empty path');
    else {
      if (s.path[0].x !== circle.center.x || s.path[0].y !== circle.center.y) check.fail('path[0] is not the start');
      const last = s.path[s.path.length - 1];
      if (last.x !== s.position.x || last.y !== s.position.y) check.fail('the last path point is not the position');
    }
    checkNoOverlap(check, circle, s.position, ws);
  },
  project(j, check) {
    const p = vec(j.point, 'point');
    const axis = vec(j.axis, 'axis');
    check.vec('point', c2.project(p, axis));
    check.number('scalar', c2.dot(p, axis));
  },
  validate(j, check) {
    const st = c2.validate(shape(j.shape, 'shape'));
    check.exact('error', st.error);
    check.exact('field', st.field);
    if (st.ok !== (st.error === 'None')) check.fail('ok disagrees with error');
  },
};

await c2.init();
const files = listCases(casesDir);

test('the corpus has cases', () => {
  assert.ok(files.length > 0, `no case files under ${casesDir}`);
});

for (const file of files) {
  const name = relative(casesDir, file).replace(/\.json$/, '');
  test(`case ${name}`, () => {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    const run = runners[j.query];
    assert.ok(run, `unknown query ${j.query}`);
    const tolerance = j.tolerance === undefined ? 1e-9 : num(j.tolerance, 'tolerance');
    const check = new Checker(j.expect, tolerance * Math.max(1, inputScale(j)));
    run(j, check);
    assert.deepEqual(check.failures, [], `${name}: ${j.description}`);
  });
}
