// The landing page's live figure: a circle and a rotated rectangle to drag at once, answered by collide().
import * as c2 from 'collide2d';
import type { ChapterDef } from '../chapter';
import { drawMtv, drawShape } from '../draw';
import { type Vec, fmt, fmtVec } from '../geom';
import { row } from '../readout';
import { boxS, circleS } from '../shapes';
import { C } from '../stage';

type Contact = { normal: Vec; depth: number; point: Vec } | null;

export const heroFigure: ChapterDef<{ hit: boolean; contact: Contact }> = {
  id: 'hero',
  title: 'Drag the circle into the rectangle',
  nav: 'Try it',
  lede: '',
  prose: '',
  keys: ['hit', 'depth', 'normal'],
  legend: ['a', 'b', 'hit', 'push'],
  select: 'a',
  hint: 'Drag the circle into the rectangle. Tap the rectangle to select it, then turn it with its dotted handle.',
  view: { x: 0, y: 0, w: 800, h: 420 },
  names: { a: 'A', b: 'B' },
  shapes: () => ({ a: circleS(220, 210, 80), b: boxS(540, 210, 130, 70, 0.5) }),
  compute(s) {
    if (s.a.kind !== 'circle' || s.b.kind !== 'box') throw new TypeError('hero shapes');
    const a = c2.circle(s.a.c.x, s.a.c.y, s.a.r);
    const b = c2.box(s.b.c.x, s.b.c.y, s.b.hx, s.b.hy, s.b.angle);
    const hit = c2.overlaps(a, b);
    const contact = c2.collide(a, b) as Contact;
    return {
      result: { hit, contact },
      answer: {
        hit,
        raw: { hit, contact },
        rows: [
          row('hit', 'c2.overlaps(A, B)', String(hit), 'overlaps'),
          row('normal', 'normal (A → B)', contact ? fmtVec(contact.normal, 3) : '—', 'normal'),
          row('depth', 'depth', contact ? fmt(contact.depth) : '—', 'depth'),
        ],
      },
    };
  },
  draw(st, s, r) {
    drawShape(st, s.a, r.hit, 'A', C.a);
    drawShape(st, s.b, r.hit, 'B', C.b);
    if (r.contact) drawMtv(st, r.contact.point, r.contact.normal, r.contact.depth);
  },
};
