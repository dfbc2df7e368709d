// Drawing editable shapes and common result glyphs.
import { type Vec, add, fmt, scale } from './geom';
import { type EShape, capsuleOutline, centre, outline } from './shapes';
import { C, type Stage } from './stage';

export type HitState = boolean | null | 'bad';

/**
 * Fill and outline for a hit state. A shape keeps its own colour (`own`: A blue, B green, …) in every state, so A and
 * B stay told apart; a hit adds the vermillion hatch and a thicker outline, no hit a light fill of the own colour,
 * an invalid shape is grey and dashed.
 */
export function styleFor(
  st: Stage, state: HitState, own?: string,
): { fill: string | CanvasPattern | null; stroke: string; dash: number[]; width: number } {
  if (state === 'bad') return { fill: null, stroke: C.bad, dash: [6, 4], width: 2 };
  if (state === true) return { fill: st.hatch(C.hit), stroke: own ?? C.hit, dash: [], width: 3 };
  if (state === false) return { fill: (own ?? C.ink) + '1c', stroke: own ?? C.ink, dash: [], width: 2 };
  return { fill: (own ?? C.ink) + '0d', stroke: own ?? C.ink, dash: [], width: 2 };
}

export function drawShape(st: Stage, s: EShape, state: HitState, name?: string, own?: string): void {
  const sty = styleFor(st, state, own);
  switch (s.kind) {
    case 'circle':
      st.pathCircle(s.c, s.r);
      st.fillStroke(sty.fill, sty.stroke, sty.width, sty.dash);
      break;
    case 'aabb':
    case 'box':
    case 'polygon': {
      const pts = outline(s);
      if (pts) {
        st.pathPoly(pts);
        st.fillStroke(sty.fill, sty.stroke, sty.width, sty.dash);
      }
      break;
    }
    case 'segment':
      if (state === true) st.line(s.a, s.b, C.hit, 7);
      st.line(s.a, s.b, sty.stroke, 3, sty.dash);
      break;
    case 'capsule':
      pathCapsule(st, s.a, s.b, s.r);
      st.fillStroke(sty.fill, sty.stroke, sty.width, sty.dash);
      // The core segment, thin and dashed: every capsule test is a test against it, plus the radius.
      st.line(s.a, s.b, sty.stroke === C.bad ? C.bad : (own ?? C.ink) + 'aa', 1.5, [5, 4]);
      break;
    case 'line':
      st.infiniteLine(s.a, s.b, sty.stroke, 1.5, [8, 5]);
      if (state === true) st.line(s.a, s.b, C.hit, 7);
      st.line(s.a, s.b, sty.stroke, 3, sty.dash);
      break;
    case 'point':
      st.dot(s.p, sty.stroke, 4);
      break;
  }
  if (name) {
    const c = centre(s);
    st.label(c, name, sty.stroke === C.bad ? C.muted : own ?? C.ink, 0, -22, 'center', true);
  }
}

/** The minimum translation vector of a contact: from `point` along normal * depth. */
export function drawMtv(st: Stage, point: Vec, normal: Vec, depth: number, text = `MTV ${fmt(depth, 1)}`): void {
  const minPx = 18 / st.k;
  const l = Math.max(depth, minPx);
  st.arrow(point, add(point, scale(normal, l)), C.push, text, 3);
  st.dot(point, C.push, 3.5);
}

/** The path of a capsule: the core segment a–b grown by r (round caps). Tracked for the fit like any shape. */
export function pathCapsule(st: Stage, a: Vec, b: Vec, r: number): void {
  const pts = capsuleOutline(a, b, Math.max(0, r), 16);
  st.pathPoly(pts);
}

/**
 * A capsule's anatomy: its core segment with both end points marked, and the radius drawn square to the core from
 * `at` (a point of the core), labelled "r = …".
 */
export function drawCapsuleAnatomy(st: Stage, a: Vec, b: Vec, r: number, color: string, at = 0.5): void {
  st.line(a, b, color, 2.5);
  const d = { x: b.x - a.x, y: b.y - a.y };
  const l = Math.hypot(d.x, d.y);
  const n = l > 0 ? { x: -d.y / l, y: d.x / l } : { x: 0, y: -1 };
  const p = { x: a.x + d.x * at, y: a.y + d.y * at };
  const q = add(p, scale(n, -r));
  st.line(p, q, color, 1.5, [3, 3]);
  // The label sits just outside the rim, past the radius' end.
  st.label(q, `r = ${fmt(r, 1)}`, color, -n.x * 18, -n.y * 18, 'center');
}
