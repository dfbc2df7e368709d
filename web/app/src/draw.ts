// Drawing editable shapes and common result glyphs.
import { type Vec, add, fmt, scale } from './geom';
import { type EShape, centre, outline } from './shapes';
import { C, type Stage } from './stage';

export type HitState = boolean | null | 'bad';

/** Fill and outline for a hit state: hit = vermillion + hatch; no hit = blue, solid light fill; bad = grey dashed. */
export function styleFor(st: Stage, state: HitState): { fill: string | CanvasPattern | null; stroke: string; dash: number[] } {
  if (state === 'bad') return { fill: null, stroke: C.bad, dash: [6, 4] };
  if (state === true) return { fill: st.hatch(C.hit), stroke: C.hit, dash: [] };
  if (state === false) return { fill: C.miss + '1c', stroke: C.miss, dash: [] };
  return { fill: C.ink + '0d', stroke: C.ink, dash: [] };
}

export function drawShape(st: Stage, s: EShape, state: HitState, name?: string): void {
  const sty = styleFor(st, state);
  switch (s.kind) {
    case 'circle':
      st.pathCircle(s.c, s.r);
      st.fillStroke(sty.fill, sty.stroke, 2, sty.dash);
      break;
    case 'aabb':
    case 'box':
    case 'polygon': {
      const pts = outline(s);
      if (pts) {
        st.pathPoly(pts);
        st.fillStroke(sty.fill, sty.stroke, 2, sty.dash);
      }
      break;
    }
    case 'segment':
      st.line(s.a, s.b, sty.stroke, 3, sty.dash);
      break;
    case 'line':
      st.infiniteLine(s.a, s.b, sty.stroke, 1.5, [8, 5]);
      st.line(s.a, s.b, sty.stroke, 3, sty.dash);
      break;
    case 'point':
      st.dot(s.p, sty.stroke, 4);
      break;
  }
  if (name) {
    const c = centre(s);
    st.label(c, name, sty.stroke === C.bad ? C.muted : C.ink, 0, -20, 'center', true);
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
