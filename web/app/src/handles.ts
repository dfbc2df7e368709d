// Drag handles as real focusable buttons laid over the canvas. A pointer (mouse, touch, pen) that goes down on the
// figure grabs the NEAREST handle within reach, and a shape's centre wins near-ties, so on a phone a small circle's
// centre moves it instead of its rim handle resizing it. Drags are clamped to the visible figure. Only the handles
// block the browser's panning (touch-action: none), so a swipe that starts elsewhere on the figure scrolls the page.
// Arrow keys move the focused handle (Shift: 10x), R / Shift+R rotate its shape by 15 degrees.
import type { Handle } from './shapes';
import type { Stage } from './stage';

const STEP = 2;
const ROT_STEP = Math.PI / 12;
/** A centre handle wins when it is at most this many CSS pixels farther than the nearest handle. */
const CENTRE_BIAS = 8;

export class HandleLayer {
  private buttons = new Map<string, { h: Handle; el: HTMLButtonElement }>();
  private dragging: { id: string; pointer: number; dx: number; dy: number } | null = null;
  private onDown = (e: PointerEvent) => this.down(e);
  private onMove = (e: PointerEvent) => this.move(e);
  private onUp = (e: PointerEvent) => this.up(e);

  constructor(
    private stage: Stage,
    private onChange: (source: Handle) => void,
  ) {
    const el = stage.el;
    el.addEventListener('pointerdown', this.onDown);
    el.addEventListener('pointermove', this.onMove);
    el.addEventListener('pointerup', this.onUp);
    el.addEventListener('pointercancel', this.onUp);
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
      el.setAttribute('aria-label', `${h.label}. Arrow keys move it, R and Shift+R rotate.`);
      el.title = h.label;
      this.bindKeys(el, h.id);
      this.stage.el.append(el);
      this.buttons.set(h.id, { h, el });
    }
    if (focusedId) this.buttons.get(focusedId)?.el.focus({ preventScroll: true });
    this.sync();
  }

  /** Moves the buttons to where their handles are (call after any change or resize). */
  sync(): void {
    const pts: { x: number; y: number }[] = [];
    for (const { h, el } of this.buttons.values()) {
      const s = this.stage.toScreen(h.get());
      pts.push(s);
      el.style.transform = `translate(${s.x}px, ${s.y}px)`;
      const inside = s.x >= -4 && s.y >= -4 && s.x <= this.stage.cssW + 4 && s.y <= this.stage.cssH + 4;
      el.classList.toggle('offstage', !inside);
    }
    // Labels are placed around the handles, never on them.
    this.stage.obstacles = pts;
  }

  clear(): void {
    for (const { el } of this.buttons.values()) el.remove();
    this.buttons.clear();
  }

  /** The handle a pointer at (clientX, clientY) grabs: the nearest within reach, centres winning near-ties. */
  pick(clientX: number, clientY: number, reach: number): string | null {
    const r = this.stage.canvas.getBoundingClientRect();
    const px = clientX - r.left;
    const py = clientY - r.top;
    let best: { id: string; d: number; move: boolean } | null = null;
    const cands: { id: string; d: number; move: boolean }[] = [];
    for (const [id, { h }] of this.buttons) {
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

  private down(e: PointerEvent): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (this.dragging) return;
    const coarse = e.pointerType === 'touch' || e.pointerType === 'pen';
    // Touch grabs only when the finger lands on a handle's button (elsewhere the page may scroll); a mouse grabs
    // anything within the button's radius.
    const onButton = (e.target as HTMLElement).closest?.('.handle');
    if (coarse && !onButton) return;
    const id = this.pick(e.clientX, e.clientY, coarse ? 26 : 16);
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

  private up(e: PointerEvent): void {
    if (this.dragging && this.dragging.pointer === e.pointerId) {
      this.buttons.get(this.dragging.id)?.el.classList.remove('dragging');
      this.dragging = null;
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
    el.removeEventListener('pointercancel', this.onUp);
  }
}
