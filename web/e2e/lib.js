// Test-side access to the package and to the tutorial's URL state, written independently of the app's code:
// it decodes the shapes from the hash and asks collide2d (in Node) what the page should be showing.

let c2 = null;
/** The public package, imported by its name (package self-reference), as a user would. */
export async function lib() {
  if (!c2) {
    try {
      c2 = await import('collide2d');
    } catch {
      // package.json without an "exports" map: no self-reference; use the file directly.
      c2 = await import('../lib/index.js');
    }
    await c2.init();
  }
  return c2;
}

const rot = (p, a) => {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return { x: c * p.x - s * p.y, y: s * p.x + c * p.y };
};

/** Decodes one shape parameter of the URL ("circle,x,y,r", "poly,cx,cy,angle,x1,y1,...", ...) into a library shape. */
export function decodeShape(c, text) {
  const [kind, ...rest] = text.split(',');
  const n = rest.map(Number);
  switch (kind) {
    case 'circle': return c.circle(n[0], n[1], n[2]);
    case 'rect': return c.aabb(n[0], n[1], n[2], n[3]);
    case 'aabb': return c.aabb(n[0] - n[2], n[1] - n[3], n[0] + n[2], n[1] + n[3]);
    case 'box': return c.box(n[0], n[1], n[2], n[3], n[4]);
    case 'segment': return c.segment(n[0], n[1], n[2], n[3]);
    case 'capsule': return c.capsule(n[0], n[1], n[2], n[3], n[4]);
    case 'line': return c.line(n[0], n[1], n[2], n[3]);
    case 'point': return { x: n[0], y: n[1] };
    case 'poly': {
      const pts = [];
      for (let i = 3; i < n.length; i += 2) {
        const r = rot({ x: n[i], y: n[i + 1] }, n[2]);
        pts.push({ x: n[0] + r.x, y: n[1] + r.y });
      }
      return c.polygon(pts);
    }
    default: throw new Error(`unknown shape ${text}`);
  }
}

/**
 * The point a shape's motion arrow starts from, read from its URL text: the centre handle (circle, aabb, box centre,
 * the polygon's own centre), the middle of a segment or capsule.
 */
export function urlCentre(text) {
  const [kind, ...rest] = text.split(',');
  const n = rest.map(Number);
  // (the app's midpoint: a + 0.5 (b − a), the same double the page computes)
  if (kind === 'segment' || kind === 'capsule' || kind === 'line') return { x: n[0] + 0.5 * (n[2] - n[0]), y: n[1] + 0.5 * (n[3] - n[1]) };
  if (kind === 'rect') return { x: n[0] + 0.5 * (n[2] - n[0]), y: n[1] + 0.5 * (n[3] - n[1]) };
  return { x: n[0], y: n[1] };
}

/** A library shape moved by d, rebuilt from its URL text (for posing it at the end of a step). */
export function decodeMoved(c, text, d) {
  const [kind, ...rest] = text.split(',');
  const n = rest.map(Number);
  if (kind === 'segment' || kind === 'capsule' || kind === 'rect') {
    n[0] += d.x; n[1] += d.y; n[2] += d.x; n[3] += d.y;
  } else {
    n[0] += d.x; n[1] += d.y;
  }
  return decodeShape(c, [kind, ...n].join(','));
}

/**
 * What each chapter's read-out must show, computed here from the URL state (`params`: the raw URL texts). The keys
 * are the variables the chapter's live code declares.
 */
export const EXPECTED = {
  aabb: (c, s) => ({ hit: c.overlaps(s.a, s.b), contact: c.collide(s.a, s.b) }),
  circles: (c, s) => ({ hit: c.overlaps(s.a, s.b), contact: c.collide(s.a, s.b) }),
  lines: (c, s) => ({ crossing: c.intersectLines(s.a, s.b) }),
  segments: (c, s) => ({ crossing: c.intersectSegments(s.a, s.b) }),
  'circle-line': (c, s) => ({ crossing: c.intersectCircleLine(s.c, s.l), foot: c.closestPoint(s.l, s.c.center) }),
  'circle-segment': (c, s) => ({ crossing: c.intersectCircleSegment(s.c, s.s) }),
  'rect-circle': (c, s) => shapeCircle(c, s),
  'polygon-circle': (c, s) => shapeCircle(c, s),
  boxes: (c, s) => ({ sat: c.sat(s.a, s.b), contact: c.collide(s.a, s.b) }),
  polygons: (c, s) => ({ sat: c.sat(s.a, s.b), contact: c.collide(s.a, s.b) }),
  contains: (c, s) => {
    const pts = s.p.points;
    return {
      inPolygon: c.contains(s.p, s.q), inCircle: c.contains(s.c, s.q), onSegment: c.contains(s.s, s.q),
      signs: pts.map((p, i) => c.orient(p, pts[(i + 1) % pts.length], s.q)),
    };
  },
  raycast: (c, s) => {
    const ray = c.ray(s.r.a.x, s.r.a.y, s.r.b.x - s.r.a.x, s.r.b.y - s.r.a.y, 1);
    return { hitCircle: c.raycast(ray, s.c), hitBox: c.raycast(ray, s.b), hitPolygon: c.raycast(ray, s.p) };
  },
  closest: (c, s) => ({
    onPolygon: c.closestPoint(s.p, s.q), onCircle: c.closestPoint(s.c, s.q), onSegment: c.closestPoint(s.s, s.q),
  }),
  // The page asks a World (grid broad phase); here: brute force over every pair with overlaps() (body numbers from 1).
  broadphase: (c, s) => {
    const bodies = Object.keys(s).filter((k) => /^b\d+$/.test(k)).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    const pairs = [];
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) if (c.overlaps(s[bodies[i]], s[bodies[j]])) pairs.push([i + 1, j + 1]);
    }
    return { n: pairs.length, pairs };
  },
  capsule: (c, s) => ({
    hit: c.overlaps(s.a, s.b),
    contact: c.collide(s.a, s.b),
    dist: c.distance(s.a, s.b),
    coreDist: c.distance(c.segment(s.a.a.x, s.a.a.y, s.a.b.x, s.a.b.y), s.b),
  }),
  distance: (c, s) => ({ dist: c.distance(s.a, s.b), steps: c.distanceSteps(s.a, s.b) }),
  cast: (c, s, params) => {
    const ca = urlCentre(params.get('a'));
    const cb = urlCentre(params.get('b'));
    const va = { x: s.at.x - ca.x, y: s.at.y - ca.y };
    const vb = { x: s.bt.x - cb.x, y: s.bt.y - cb.y };
    return {
      hit: c.cast(s.a, { translation: va }, s.b, { translation: vb }),
      overlapsStart: c.overlaps(s.a, s.b),
      overlapsEnd: c.overlaps(decodeMoved(c, params.get('a'), va), decodeMoved(c, params.get('b'), vb)),
    };
  },
  manifold: (c, s) => ({ manifold: c.collideManifold(s.a, s.b), contact: c.collide(s.a, s.b) }),
  sweep: (c, s) => {
    const disp = { x: s.target.x - s.ball.center.x, y: s.target.y - s.ball.center.y };
    const walls = [s.w1, s.w2, s.w3];
    return {
      first: c.sweep(s.ball, disp, walls),
      slide: c.moveAndSlide(s.ball, disp, walls, 4),
      touching: walls.map((w) => c.overlaps(s.ball, w)),
    };
  },
};

/** Rectangle or polygon (p) and circle (c): the tests, and the closest point of each edge (the library's corners). */
function shapeCircle(c, s) {
  const corners = s.p.type === 'box' ? c.corners(s.p) : s.p.points;
  return {
    hit: c.overlaps(s.c, s.p),
    closest: c.closestPoint(s.p, s.c.center),
    contact: c.collide(s.p, s.c),
    edges: corners.map((p, i) => {
      const q = corners[(i + 1) % corners.length];
      return c.closestPoint(c.segment(p.x, p.y, q.x, q.y), s.c.center);
    }),
  };
}

/** The same JSON normalisation as the page (NaN / Infinity as strings). */
export const normal = (x) =>
  JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)));

/** Deep comparison; numbers within 1e-9 relative. Returns a path to the first difference, or null. */
export function diff(a, b, path = '$') {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)) ? null : `${path}: ${a} != ${b}`;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return `${path}: array shape differs`;
    for (let i = 0; i < a.length; i++) {
      const d = diff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = diff(a[k], b[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
}
