// Editable shapes: what the user drags, how they are written into the URL, how they become collide2d shapes,
// and which handles each one offers.
import * as c2 from 'collide2d';
import { type Vec, add, mid, r2, rot, sub } from './geom';

export type EShape =
  | { kind: 'circle'; c: Vec; r: number }
  | { kind: 'aabb'; min: Vec; max: Vec } // stored as the library takes it, so that code and URL carry its numbers
  | { kind: 'box'; c: Vec; hx: number; hy: number; angle: number }
  | { kind: 'polygon'; c: Vec; angle: number; pts: Vec[] } // pts in the local frame, rotated by angle about c
  | { kind: 'segment'; a: Vec; b: Vec }
  | { kind: 'capsule'; a: Vec; b: Vec; r: number } // the core segment a–b grown by the radius r
  | { kind: 'line'; a: Vec; b: Vec }
  | { kind: 'point'; p: Vec };

export type Kind = EShape['kind'];

export const circleS = (x: number, y: number, r: number): EShape => ({ kind: 'circle', c: { x, y }, r });
/** An axis-aligned rectangle from its centre and half sizes (stored as min / max). */
export const aabbS = (x: number, y: number, hw: number, hh: number): EShape => ({
  kind: 'aabb', min: { x: x - hw, y: y - hh }, max: { x: x + hw, y: y + hh },
});
export const boxS = (x: number, y: number, hx: number, hy: number, angle = 0): EShape => ({
  kind: 'box', c: { x, y }, hx, hy, angle,
});
export const polyS = (x: number, y: number, angle: number, pts: [number, number][]): EShape => ({
  kind: 'polygon', c: { x, y }, angle, pts: pts.map(([px, py]) => ({ x: px, y: py })),
});
/** A regular polygon with n vertices, radius r. */
export const ngonS = (x: number, y: number, n: number, r: number, angle = 0): EShape =>
  polyS(x, y, angle, Array.from({ length: n }, (_, i) => {
    const t = (i / n) * Math.PI * 2 - Math.PI / 2;
    return [r2(Math.cos(t) * r), r2(Math.sin(t) * r)] as [number, number];
  }));
export const segS = (ax: number, ay: number, bx: number, by: number): EShape => ({
  kind: 'segment', a: { x: ax, y: ay }, b: { x: bx, y: by },
});
export const capS = (ax: number, ay: number, bx: number, by: number, r: number): EShape => ({
  kind: 'capsule', a: { x: ax, y: ay }, b: { x: bx, y: by }, r,
});
export const lineS = (ax: number, ay: number, bx: number, by: number): EShape => ({
  kind: 'line', a: { x: ax, y: ay }, b: { x: bx, y: by },
});
export const pointS = (x: number, y: number): EShape => ({ kind: 'point', p: { x, y } });

export const clone = (s: EShape): EShape => JSON.parse(JSON.stringify(s)) as EShape;

// ---- geometry for drawing ----

export function boxCorners(c: Vec, hx: number, hy: number, angle: number): Vec[] {
  return [
    { x: -hx, y: -hy },
    { x: hx, y: -hy },
    { x: hx, y: hy },
    { x: -hx, y: hy },
  ].map((p) => add(c, rot(p, angle)));
}

export function polyWorld(s: Extract<EShape, { kind: 'polygon' }>): Vec[] {
  return s.pts.map((p) => add(s.c, rot(p, s.angle)));
}

/** The outline of a capsule: its two half circles joined by the sides, as a polygon with `n` points per cap. */
export function capsuleOutline(a: Vec, b: Vec, r: number, n = 12): Vec[] {
  const d = sub(b, a);
  const base = d.x === 0 && d.y === 0 ? 0 : Math.atan2(d.y, d.x);
  const pts: Vec[] = [];
  for (let i = 0; i <= n; i++) {
    const t = base - Math.PI / 2 + (Math.PI * i) / n;
    pts.push({ x: b.x + r * Math.cos(t), y: b.y + r * Math.sin(t) });
  }
  for (let i = 0; i <= n; i++) {
    const t = base + Math.PI / 2 + (Math.PI * i) / n;
    pts.push({ x: a.x + r * Math.cos(t), y: a.y + r * Math.sin(t) });
  }
  return pts;
}

/** The outline of an area shape in world coordinates (circles: null). */
export function outline(s: EShape): Vec[] | null {
  switch (s.kind) {
    case 'aabb':
      return [s.min, { x: s.max.x, y: s.min.y }, s.max, { x: s.min.x, y: s.max.y }];
    case 'box':
      return boxCorners(s.c, s.hx, s.hy, s.angle);
    case 'polygon':
      return polyWorld(s);
    default:
      return null;
  }
}

export function centre(s: EShape): Vec {
  switch (s.kind) {
    case 'segment':
    case 'capsule':
    case 'line':
      return mid(s.a, s.b);
    case 'point':
      return s.p;
    case 'aabb':
      return mid(s.min, s.max);
    default:
      return s.c;
  }
}

// ---- to the library ----

/** The collide2d shape for an editable one. Throws (RangeError / TypeError) exactly as the package does. */
export function toLib(s: EShape): c2.Shape | c2.Line {
  switch (s.kind) {
    case 'circle':
      return c2.circle(s.c.x, s.c.y, s.r);
    case 'aabb':
      return c2.aabb(s.min.x, s.min.y, s.max.x, s.max.y);
    case 'box':
      return c2.box(s.c.x, s.c.y, s.hx, s.hy, s.angle);
    case 'polygon':
      return c2.polygon(polyWorld(s));
    case 'segment':
      return c2.segment(s.a.x, s.a.y, s.b.x, s.b.y);
    case 'capsule':
      return c2.capsule(s.a.x, s.a.y, s.b.x, s.b.y, s.r);
    case 'line':
      return c2.line(s.a.x, s.a.y, s.b.x, s.b.y);
    case 'point':
      throw new TypeError('a point is not a collide2d shape');
  }
}

/** Like toLib, but returns the error message instead of throwing. */
export function tryLib<T = c2.Shape>(s: EShape): { shape: T; error: null } | { shape: null; error: string } {
  try {
    return { shape: toLib(s) as unknown as T, error: null };
  } catch (e) {
    return { shape: null, error: e instanceof Error ? e.message : String(e) };
  }
}

// ---- URL encoding: kind,n1,n2,... (polygon: poly,cx,cy,angle,x1,y1,x2,y2,...; rect: rect,minx,miny,maxx,maxy) ----

/**
 * A number as the shortest text that reads back as the same double (a drag keeps numbers on a 0.01 grid, so they stay
 * short; a preset's π/4 survives a link exactly).
 */
export const exact = (x: number): string => (Object.is(x, -0) ? '0' : String(x));

export function encode(s: EShape): string {
  const num = exact;
  switch (s.kind) {
    case 'circle':
      return ['circle', num(s.c.x), num(s.c.y), num(s.r)].join(',');
    case 'aabb':
      return ['rect', num(s.min.x), num(s.min.y), num(s.max.x), num(s.max.y)].join(',');
    case 'box':
      return ['box', num(s.c.x), num(s.c.y), num(s.hx), num(s.hy), num(s.angle)].join(',');
    case 'polygon':
      return ['poly', num(s.c.x), num(s.c.y), num(s.angle), ...s.pts.flatMap((p) => [num(p.x), num(p.y)])].join(',');
    case 'segment':
    case 'line':
      return [s.kind, num(s.a.x), num(s.a.y), num(s.b.x), num(s.b.y)].join(',');
    case 'capsule':
      return ['capsule', num(s.a.x), num(s.a.y), num(s.b.x), num(s.b.y), num(s.r)].join(',');
    case 'point':
      return ['point', num(s.p.x), num(s.p.y)].join(',');
  }
}

export function decode(text: string): EShape | null {
  const [kind, ...rest] = text.split(',');
  const n = rest.map(Number);
  if (n.some((x) => !Number.isFinite(x))) return null;
  switch (kind) {
    case 'circle':
      return n.length === 3 ? circleS(n[0], n[1], Math.max(0, n[2])) : null;
    case 'rect':
      return n.length === 4
        ? { kind: 'aabb', min: { x: Math.min(n[0], n[2]), y: Math.min(n[1], n[3]) }, max: { x: Math.max(n[0], n[2]), y: Math.max(n[1], n[3]) } }
        : null;
    case 'aabb': // older links: centre and half sizes
      return n.length === 4 ? aabbS(n[0], n[1], Math.abs(n[2]), Math.abs(n[3])) : null;
    case 'box':
      return n.length === 5 ? boxS(n[0], n[1], Math.abs(n[2]), Math.abs(n[3]), n[4]) : null;
    case 'poly': {
      if (n.length < 9 || (n.length - 3) % 2 !== 0) return null;
      const pts: [number, number][] = [];
      for (let i = 3; i < n.length; i += 2) pts.push([n[i], n[i + 1]]);
      return polyS(n[0], n[1], n[2], pts);
    }
    case 'segment':
      return n.length === 4 ? segS(n[0], n[1], n[2], n[3]) : null;
    case 'line':
      return n.length === 4 ? lineS(n[0], n[1], n[2], n[3]) : null;
    case 'capsule':
      return n.length === 5 ? capS(n[0], n[1], n[2], n[3], Math.max(0, n[4])) : null;
    case 'point':
      return n.length === 2 ? pointS(n[0], n[1]) : null;
    default:
      return null;
  }
}

// ---- handles ----

export type HandleKind = 'move' | 'vertex' | 'size' | 'rotate';

export interface Handle {
  /** Unique in a view, e.g. "a.center", "b.corner", "a.p2"; used by tests as data-handle. */
  id: string;
  /** Accessible name, e.g. "Circle A: centre". */
  label: string;
  kind: HandleKind;
  get(): Vec;
  set(p: Vec): void;
  /** R / Shift+R: turn the owning shape by d radians. */
  rotate(d: number): void;
}

const MIN = 4;
const ROT_ARM = 28;

function rotateAbout(p: Vec, c: Vec, d: number): Vec {
  return add(c, rot(sub(p, c), d));
}

const qv = (p: Vec): Vec => ({ x: r2(p.x), y: r2(p.y) });
const qa = (a: number): number => Math.round(a * 10000) / 10000;

/**
 * Rounds a shape in place to what its URL stores (coordinates to 0.01, angles to 1e-4 rad), so that a link
 * reproduces exactly the numbers on screen.
 */
export function quantize(s: EShape): void {
  switch (s.kind) {
    case 'circle': s.c = qv(s.c); s.r = r2(s.r); break;
    case 'aabb': s.min = qv(s.min); s.max = qv(s.max); break;
    case 'box': s.c = qv(s.c); s.hx = r2(s.hx); s.hy = r2(s.hy); s.angle = qa(s.angle); break;
    case 'polygon': s.c = qv(s.c); s.angle = qa(s.angle); s.pts = s.pts.map(qv); break;
    case 'segment': case 'line': s.a = qv(s.a); s.b = qv(s.b); break;
    case 'capsule': s.a = qv(s.a); s.b = qv(s.b); s.r = r2(s.r); break;
    case 'point': s.p = qv(s.p); break;
  }
}

/** Handles of an editable shape. `name` prefixes ids ("a"), `title` names it for screen readers ("Circle A"). */
export function handlesOf(s: EShape, name: string, title: string): Handle[] {
  const H = (id: string, what: string, kind: HandleKind, get: () => Vec, set: (p: Vec) => void, rotate: (d: number) => void): Handle =>
    ({
      id: `${name}.${id}`, label: `${title}: ${what}`, kind, get,
      set: (p) => { set(p); quantize(s); },
      rotate: (d) => { rotate(d); quantize(s); },
    });
  switch (s.kind) {
    case 'circle': {
      let dir = 0; // where the radius handle sits on the rim
      const turn = (d: number) => { dir += d; };
      return [
        H('center', 'centre', 'move', () => s.c, (p) => { s.c = p; }, turn),
        H('radius', 'radius', 'size', () => add(s.c, rot({ x: s.r, y: 0 }, dir)), (p) => {
          const d = sub(p, s.c);
          s.r = Math.max(MIN, Math.hypot(d.x, d.y));
          if (s.r > MIN) dir = Math.atan2(d.y, d.x);
        }, turn),
      ];
    }
    case 'aabb': {
      const none = () => {};
      return [
        H('center', 'centre', 'move', () => mid(s.min, s.max), (p) => {
          const d = sub(p, mid(s.min, s.max));
          s.min = add(s.min, d);
          s.max = add(s.max, d);
        }, none),
        H('corner', 'corner max (size)', 'size', () => s.max, (p) => {
          s.max = { x: Math.max(s.min.x + MIN, p.x), y: Math.max(s.min.y + MIN, p.y) };
        }, none),
      ];
    }
    case 'box': {
      const turn = (d: number) => { s.angle = normAngle(s.angle + d); };
      return [
        H('center', 'centre', 'move', () => s.c, (p) => { s.c = p; }, turn),
        H('corner', 'corner (size)', 'size', () => add(s.c, rot({ x: s.hx, y: s.hy }, s.angle)), (p) => {
          const l = rot(sub(p, s.c), -s.angle);
          s.hx = Math.max(MIN, Math.abs(l.x));
          s.hy = Math.max(MIN, Math.abs(l.y));
        }, turn),
        H('rotate', 'rotation', 'rotate', () => add(s.c, rot({ x: s.hx + ROT_ARM, y: 0 }, s.angle)), (p) => {
          const d = sub(p, s.c);
          if (d.x !== 0 || d.y !== 0) s.angle = normAngle(Math.atan2(d.y, d.x));
        }, turn),
      ];
    }
    case 'polygon': {
      const turn = (d: number) => { s.angle = normAngle(s.angle + d); };
      const reach = () => Math.max(...s.pts.map((p) => Math.hypot(p.x, p.y)));
      return [
        H('center', 'centre', 'move', () => s.c, (p) => { s.c = p; }, turn),
        ...s.pts.map((_, i) =>
          H(`p${i}`, `vertex ${i + 1}`, 'vertex', () => add(s.c, rot(s.pts[i], s.angle)), (p) => {
            s.pts[i] = rot(sub(p, s.c), -s.angle);
          }, turn)),
        H('rotate', 'rotation', 'rotate', () => add(s.c, rot({ x: reach() + ROT_ARM, y: 0 }, s.angle)), (p) => {
          const d = sub(p, s.c);
          if (d.x !== 0 || d.y !== 0) s.angle = normAngle(Math.atan2(d.y, d.x));
        }, turn),
      ];
    }
    case 'segment':
    case 'line': {
      const turn = (d: number) => {
        const m = mid(s.a, s.b);
        s.a = rotateAbout(s.a, m, d);
        s.b = rotateAbout(s.b, m, d);
      };
      return [
        H('a', 'end a', 'vertex', () => s.a, (p) => { s.a = p; }, turn),
        H('b', 'end b', 'vertex', () => s.b, (p) => { s.b = p; }, turn),
        H('center', 'middle (move)', 'move', () => mid(s.a, s.b), (p) => {
          const d = sub(p, mid(s.a, s.b));
          s.a = add(s.a, d);
          s.b = add(s.b, d);
        }, turn),
      ];
    }
    case 'capsule': {
      const turn = (d: number) => {
        const m = mid(s.a, s.b);
        s.a = rotateAbout(s.a, m, d);
        s.b = rotateAbout(s.b, m, d);
      };
      // The radius handle sits on the side of the capsule, square to the core from its middle.
      const side = (): Vec => {
        const d = sub(s.b, s.a);
        const l = Math.hypot(d.x, d.y);
        const n = l > 0 ? { x: -d.y / l, y: d.x / l } : { x: 0, y: -1 };
        return n;
      };
      return [
        H('a', 'end a of the core', 'vertex', () => s.a, (p) => { s.a = p; }, turn),
        H('b', 'end b of the core', 'vertex', () => s.b, (p) => { s.b = p; }, turn),
        H('radius', 'radius', 'size', () => add(mid(s.a, s.b), { x: side().x * s.r, y: side().y * s.r }), (p) => {
          const n = side();
          const d = sub(p, mid(s.a, s.b));
          s.r = Math.max(MIN, Math.abs(d.x * n.x + d.y * n.y));
        }, turn),
        H('center', 'middle (move)', 'move', () => mid(s.a, s.b), (p) => {
          const d = sub(p, mid(s.a, s.b));
          s.a = add(s.a, d);
          s.b = add(s.b, d);
        }, turn),
      ];
    }
    case 'point':
      return [H('p', 'position', 'move', () => s.p, (p) => { s.p = p; }, () => {})];
  }
}

export function normAngle(a: number): number {
  const t = Math.PI * 2;
  let x = a % t;
  if (x > Math.PI) x -= t;
  if (x <= -Math.PI) x += t;
  return x;
}

export const KIND_TITLE: Record<Kind, string> = {
  circle: 'Circle',
  aabb: 'Rectangle',
  box: 'Rotated rectangle',
  polygon: 'Polygon',
  segment: 'Segment',
  capsule: 'Capsule',
  line: 'Line',
  point: 'Point',
};

/** A copy of a shape moved by d. */
export function translate(s: EShape, d: Vec): EShape {
  const m = (p: Vec): Vec => ({ x: r2(p.x + d.x), y: r2(p.y + d.y) });
  switch (s.kind) {
    case 'segment':
    case 'capsule':
    case 'line':
      return { ...s, a: m(s.a), b: m(s.b) };
    case 'point':
      return { ...s, p: m(s.p) };
    case 'aabb':
      return { ...s, min: m(s.min), max: m(s.max) };
    case 'polygon':
      return { ...s, c: m(s.c), pts: s.pts.map((p) => ({ ...p })) };
    default:
      return { ...s, c: m(s.c) };
  }
}

// ---- picking (which shape is under the pointer: for selecting, never for an answer) ----

/** Distance from p to the segment a-b. */
function segDist(p: Vec, a: Vec, b: Vec): number {
  const d = sub(b, a);
  const l2 = d.x * d.x + d.y * d.y;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / l2)) : 0;
  return Math.hypot(p.x - a.x - t * d.x, p.y - a.y - t * d.y);
}

/**
 * How well a pointer at p (world) picks shape s, `tol` world units of slack: null when it misses, else a rank
 * (smaller wins): points first, then thin shapes, then areas from the smallest.
 */
export function pickRank(s: EShape, p: Vec, tol: number): number | null {
  switch (s.kind) {
    case 'point':
      return Math.hypot(p.x - s.p.x, p.y - s.p.y) <= tol * 1.6 ? 0 : null;
    case 'segment':
    case 'line':
      return segDist(p, s.a, s.b) <= tol ? 1 : null;
    case 'circle':
      return Math.hypot(p.x - s.c.x, p.y - s.c.y) <= s.r + tol ? 2 + Math.PI * s.r * s.r : null;
    case 'capsule':
      return segDist(p, s.a, s.b) <= s.r + tol ? 2 + Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y) * 2 * s.r + Math.PI * s.r * s.r : null;
    default: {
      const pts = outline(s) ?? [];
      let area = 0;
      for (let i = 0; i < pts.length; i++) {
        const q = pts[i], r = pts[(i + 1) % pts.length];
        area += q.x * r.y - q.y * r.x;
      }
      const sign = area >= 0 ? 1 : -1;
      let inside = pts.length >= 3;
      let near = Infinity;
      for (let i = 0; i < pts.length; i++) {
        const q = pts[i], r = pts[(i + 1) % pts.length];
        if (sign * ((r.x - q.x) * (p.y - q.y) - (r.y - q.y) * (p.x - q.x)) < 0) inside = false;
        near = Math.min(near, segDist(p, q, r));
      }
      return inside || near <= tol ? 2 + Math.abs(area) / 2 : null;
    }
  }
}
