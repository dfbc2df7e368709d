// Small vector helpers used by the app for drawing and editing only. Every collision answer shown in the tutorial
// comes from the collide2d package; these helpers never decide a hit.

export interface Vec {
  x: number;
  y: number;
}

export const v = (x: number, y: number): Vec => ({ x, y });
export const add = (a: Vec, b: Vec): Vec => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Vec, b: Vec): Vec => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Vec, s: number): Vec => ({ x: a.x * s, y: a.y * s });
export const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y;
export const len = (a: Vec): number => Math.hypot(a.x, a.y);
export const dist = (a: Vec, b: Vec): number => Math.hypot(b.x - a.x, b.y - a.y);
export const lerp = (a: Vec, b: Vec, t: number): Vec => ({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
export const perp = (a: Vec): Vec => ({ x: -a.y, y: a.x });
export const norm = (a: Vec): Vec => {
  const l = len(a);
  return l > 0 ? { x: a.x / l, y: a.y / l } : { x: 0, y: 0 };
};
/** Rotates a by angle (radians; positive turns +x towards +y). */
export const rot = (a: Vec, angle: number): Vec => {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * a.x - s * a.y, y: s * a.x + c * a.y };
};
export const mid = (a: Vec, b: Vec): Vec => lerp(a, b, 0.5);

/** Rounds for URLs and labels: two decimals, no trailing zeros, no "-0". */
export function r2(x: number): number {
  const y = Math.round(x * 100) / 100;
  return Object.is(y, -0) ? 0 : y;
}

/** A number for the read-outs: up to `digits` decimals, keeping NaN / Infinity readable. */
export function fmt(x: number | undefined | null, digits = 3): string {
  if (x === undefined || x === null) return '—';
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  const s = x.toFixed(digits);
  const t = s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  return t === '-0' ? '0' : t;
}

export const fmtVec = (p: Vec | undefined | null, digits = 2): string =>
  p ? `(${fmt(p.x, digits)}, ${fmt(p.y, digits)})` : '—';
