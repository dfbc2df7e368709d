// Drag handles as real focusable buttons laid over the canvas, for ONE selected shape at a time: the other shapes'
// handles are hidden (their centre handle stays in the tab order, invisible until focused), so handles never crowd.
// Selecting: tap or click a shape's body (or Tab to its centre handle). A mouse that presses on any shape's body
// selects it and drags it; a finger drags the selected shape by its body or by a handle, and a tap on another shape
// selects that one, while a swipe that starts anywhere else scrolls the page.
// Within the selected shape, the pointer grabs the NEAREST handle within reach, its centre winning near-ties; a
// handle that would sit within 30 px of one kept before it (a small circle's rim) is hidden: scrub its number instead.
// Drags are clamped to the visible figure. Arrow keys move the focused handle (Shift: 10x), R / Shift+R rotate its
// shape by 15 degrees.
import type { Vec } from './geom';
import type { Handle } from './shapes';
import type { Stage } from './stage';

const STEP = 2;
const ROT_STEP = Math.PI / 12;
/** A centre handle wins when it is at most this many CSS pixels farther than the nearest handle. */
const CENTRE_BIAS = 8;
/** Handles of one shape closer than this (CSS px) crowd each other: the later one is hidden. */
const CROWD = 30;
/** A pointer that moves less than this (CSS px) between down and up is a tap. */
const TAP = 10;

export interface Picking {
  /** The key of the shape under a world point (`tol`: world units of slack), or null. */
  pick(p: Vec, tol: number): string | null;
  /** Shapes whose handles always show (points: they are nothing but a handle). */
  always(key: string): boolean;
}

const keyOf = (id: string) => id.slice(0, id.indexOf('.'));

export class HandleLayer {
  private buttons = new Map<string, { h: Handle; el: HTMLButtonElement }>();
  private dragging: { id: string; pointer: number; dx: number; dy: number } | null = null;
  private tap: { pointer: number; x: number; y: number; key: string } | null = null;
  /** The shape whose handles show. */
  selected: string | null = null;
  onSelect: (key: string) => void = () => {};
  private onDown = (e: PointerEvent) => this.down(e);
  private onMove = (e: PointerEvent) => this.move(e);
  private onUp = (e: PointerEvent) => this.up(e, false);
  private onCancel = (e: PointerEvent) => this.up(e, true);
  // A finger that grabbed something must not scroll the page (pointer events cannot stop a pan; touch events can).
  private onTouchStart = (e: TouchEvent) => {
    if (this.dragging) e.preventDefault();
  };

  constructor(
    private stage: Stage,
    private onChange: (source: Handle) => void,
    private picking: Picking,
  ) {
    const el = stage.el;
    el.addEventListener('pointerdown', this.onDown);
    el.addEventListener('pointermove', this.onMove);
    el.addEventListener('pointerup', this.onUp);
    el.addEventListener('pointercancel', this.onCancel);
    el.addEventListener('touchstart', this.onTouchStart, { passive: false });
  }

  set(handles: Handle[]): void {
    const keep = new Set(handles.map((h) => h.id));
    const focusedId = (document.activeElement as HTMLElement | null)?.dataset?.handle;
    for (const [id, { el }] of this.buttons) {
      if (!keep.has(id)) {
        el.remove();
        this.buttons.delete(id);
      }
    }
    for (const h of handles) {
      const old = this.buttons.get(h.id);
      if (old) {
        old.h = h;
        continue;
      }
      const el = document.createElement('button');
      el.type = 'button';
      el.className = `handle handle-${h.kind}`;
      el.dataset.handle = h.id;
      el.dataset.shape = keyOf(h.id);
      el.setAttribute('aria-label', `${h.label}. Arrow keys move it, R and Shift+R rotate.`);
      el.title = h.label;
      this.bindKeys(el, h.id);
      el.addEventListener('focus', () => this.select(keyOf(h.id)));
      this.stage.el.append(el);
      this.buttons.set(h.id, { h, el });
    }
    if (this.selected === null || ![...this.buttons.keys()].some((id) => keyOf(id) === this.selected)) {
      const first = [...this.buttons.keys()].map(keyOf).find((k) => !this.picking.always(k));
      this.selected = first ?? null;
    }
    if (focusedId) this.buttons.get(focusedId)?.el.focus({ preventScroll: true });
    this.sync();
  }

  /** Shows the handles of the shape `key` and hides the others'. */
  select(key: string): void {
    if (this.selected === key) return;
    this.selected = key;
    this.sync();
    this.onSelect(key);
  }

  private shown(id: string): boolean {
    const k = keyOf(id);
    return k === this.selected || this.picking.always(k);
  }

  /** Moves the buttons to where their handles are and decides which show (call after any change or resize). */
  sync(): void {
    const kept: { x: number; y: number }[] = [];
    const perShape = new Map<string, { x: number; y: number }[]>();
    // Centre handles first, so that a crowded rim or corner handle gives way to them.
    const order = [...this.buttons.values()].sort((p, q) => Number(q.h.kind === 'move') - Number(p.h.kind === 'move'));
    for (const { h, el } of order) {
      const s = this.stage.toScreen(h.get());
      el.style.transform = `translate(${s.x}px, ${s.y}px)`;
      const inside = s.x >= -4 && s.y >= -4 && s.x <= this.stage.cssW + 4 && s.y <= this.stage.cssH + 4;
      el.classList.toggle('offstage', !inside);
      const k = keyOf(h.id);
      const mine = perShape.get(k) ?? [];
      const crowded = h.kind !== 'move' && mine.some((q) => Math.hypot(q.x - s.x, q.y - s.y) < CROWD);
      const shown = this.shown(h.id) && !crowded;
      el.classList.toggle('latent', !shown);
      el.hidden = crowded || (!shown && h.kind !== 'move');
      el.tabIndex = shown || h.kind === 'move' ? 0 : -1;
      if (shown) {
        mine.push(s);
        perShape.set(k, mine);
        kept.push(s);
      }
    }
    // Labels are placed around the visible handles, never on them.
    this.stage.obstacles = kept;
  }

  clear(): void {
    for (const { el } of this.buttons.values()) el.remove();
    this.buttons.clear();
  }

  /** The visible handle a pointer at (clientX, clientY) grabs: the nearest within reach, centres winning near-ties. */
  pick(clientX: number, clientY: number, reach: number): string | null {
    const r = this.stage.canvas.getBoundingClientRect();
    const px = clientX - r.left;
    const py = clientY - r.top;
    let best: { id: string; d: number; move: boolean } | null = null;
    const cands: { id: string; d: number; move: boolean }[] = [];
    for (const [id, { h, el }] of this.buttons) {
      if (el.classList.contains('latent')) continue;
      const s = this.stage.toScreen(h.get());
      const d = Math.hypot(s.x - px, s.y - py);
      if (d > reach) continue;
      const c = { id, d, move: h.kind === 'move' };
      cands.push(c);
      if (!best || d < best.d) best = c;
    }
    if (!best) return null;
    if (!best.move) {
      const centre = cands.filter((c) => c.move && c.d <= best!.d + CENTRE_BIAS).sort((a, b) => a.d - b.d)[0];
      if (centre) return centre.id;
    }
    return best.id;
  }

  /** The centre (move) handle of a shape. */
  private moveHandle(key: string): string | null {
    for (const [id, { h }] of this.buttons) if (keyOf(id) === key && h.kind === 'move') return id;
    return null;
  }

  private down(e: PointerEvent): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (this.dragging) return;
    const coarse = e.pointerType === 'touch' || e.pointerType === 'pen';
    let id = this.pick(e.clientX, e.clientY, coarse ? 26 : 16);
    if (!id) {
      const w = this.stage.toWorld(e.clientX, e.clientY);
      const key = this.picking.pick(w, (coarse ? 10 : 6) / this.stage.k);
      if (key === null) return;
      if (key !== this.selected && !this.picking.always(key) && coarse) {
        // A finger on another shape: a tap selects it, a swipe scrolls.
        this.tap = { pointer: e.pointerId, x: e.clientX, y: e.clientY, key };
        return;
      }
      this.select(key);
      id = this.moveHandle(key);
    }
    const entry = id ? this.buttons.get(id) : null;
    if (!id || !entry) return;
    e.preventDefault();
    entry.el.focus({ preventScroll: true });
    try {
      this.stage.el.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic pointers cannot always be captured */
    }
    const w = this.stage.toWorld(e.clientX, e.clientY);
    const p = entry.h.get();
    this.dragging = { id, pointer: e.pointerId, dx: p.x - w.x, dy: p.y - w.y };
    entry.el.classList.add('dragging');
    this.stage.el.classList.add('dragging');
  }

  private move(e: PointerEvent): void {
    const d = this.dragging;
    if (!d || d.pointer !== e.pointerId) return;
    const h = this.buttons.get(d.id)?.h;
    if (!h) return;
    const w = this.stage.toWorld(e.clientX, e.clientY);
    h.set(this.stage.clampToView({ x: w.x + d.dx, y: w.y + d.dy }));
    this.onChange(h);
  }

  private up(e: PointerEvent, cancelled: boolean): void {
    if (this.dragging && this.dragging.pointer === e.pointerId) {
      this.buttons.get(this.dragging.id)?.el.classList.remove('dragging');
      this.stage.el.classList.remove('dragging');
      this.dragging = null;
    }
    const t = this.tap;
    if (t && t.pointer === e.pointerId) {
      this.tap = null;
      if (!cancelled && Math.hypot(e.clientX - t.x, e.clientY - t.y) < TAP) this.select(t.key);
    }
  }

  private bindKeys(el: HTMLButtonElement, id: string): void {
    const get = () => this.buttons.get(id)?.h;
    el.addEventListener('keydown', (e) => {
      const h = get();
      if (!h) return;
      const step = e.shiftKey ? STEP * 10 : STEP;
      const p = h.get();
      let moved = true;
      switch (e.key) {
        case 'ArrowLeft': h.set({ x: p.x - step, y: p.y }); break;
        case 'ArrowRight': h.set({ x: p.x + step, y: p.y }); break;
        case 'ArrowUp': h.set({ x: p.x, y: p.y - step }); break;
        case 'ArrowDown': h.set({ x: p.x, y: p.y + step }); break;
        case 'r': case 'R': h.rotate(e.shiftKey ? -ROT_STEP : ROT_STEP); break;
        default: moved = false;
      }
      if (moved) {
        e.preventDefault();
        this.onChange(h);
      }
    });
  }

  destroy(): void {
    const el = this.stage.el;
    el.removeEventListener('pointerdown', this.onDown);
    el.removeEventListener('pointermove', this.onMove);
    el.removeEventListener('pointerup', this.onUp);
    el.removeEventListener('pointercancel', this.onCancel);
    el.removeEventListener('touchstart', this.onTouchStart);
  }
}
