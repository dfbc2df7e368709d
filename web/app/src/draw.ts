// Drawing editable shapes and common result glyphs.
import { type Vec, add, fmt, scale } from './geom';
import { type EShape, centre, outline } from './shapes';
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
  if (state === false) return { fill: (own ?? C.miss) + '1c', stroke: own ?? C.miss, dash: [], width: 2 };
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
  st.arrow(point, add(point, scale(normal, l)), C.mtv, text, 3);
  st.dot(point, C.mtv, 3.5);
}

/** A legend line in the top-left corner (screen space). */
export function legend(st: Stage, items: [string, string][]): void {
  const { ctx } = st;
  const size = st.cssW < 480 ? 10.5 : 12;
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  let y = 12;
  for (const [color, text] of items) {
    ctx.fillStyle = color;
    ctx.fillRect(8, y - 4, 10, 8);
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    ctx.strokeText(text, 22, y);
    ctx.fillStyle = C.ink;
    ctx.fillText(text, 22, y);
    y += size + 5;
  }
}
