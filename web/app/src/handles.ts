// Drag handles as real focusable buttons laid over the canvas: pointer events (mouse, touch, pen) drag them,
// arrow keys move the focused one (Shift: 10x), R / Shift+R rotate its shape by 15 degrees.
import type { Handle } from './shapes';
import type { Stage } from './stage';

const STEP = 2;
const ROT_STEP = Math.PI / 12;

export class HandleLayer {
  private buttons = new Map<string, { h: Handle; el: HTMLButtonElement }>();
  private dragging: { id: string; pointer: number; dx: number; dy: number } | null = null;

  constructor(
    private stage: Stage,
    private onChange: (source: Handle) => void,
  ) {}

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
      this.bind(el, h.id);
      this.stage.el.append(el);
      this.buttons.set(h.id, { h, el });
    }
    if (focusedId) this.buttons.get(focusedId)?.el.focus();
    this.sync();
  }

  /** Moves the buttons to where their handles are (call after any change or resize). */
  sync(): void {
    for (const { h, el } of this.buttons.values()) {
      const s = this.stage.toScreen(h.get());
      el.style.transform = `translate(${s.x}px, ${s.y}px)`;
      const inside = s.x >= -4 && s.y >= -4 && s.x <= this.stage.cssW + 4 && s.y <= this.stage.cssH + 4;
      el.classList.toggle('offstage', !inside);
    }
  }

  clear(): void {
    for (const { el } of this.buttons.values()) el.remove();
    this.buttons.clear();
  }

  private bind(el: HTMLButtonElement, id: string): void {
    const get = () => this.buttons.get(id)?.h;
    el.addEventListener('pointerdown', (e) => {
      const h = get();
      if (!h || (e.pointerType === 'mouse' && e.button !== 0)) return;
      e.preventDefault();
      el.focus({ preventScroll: true });
      el.setPointerCapture(e.pointerId);
      const w = this.stage.toWorld(e.clientX, e.clientY);
      const p = h.get();
      this.dragging = { id, pointer: e.pointerId, dx: p.x - w.x, dy: p.y - w.y };
      el.classList.add('dragging');
    });
    el.addEventListener('pointermove', (e) => {
      const d = this.dragging;
      const h = get();
      if (!d || d.id !== id || d.pointer !== e.pointerId || !h) return;
      const w = this.stage.toWorld(e.clientX, e.clientY);
      h.set({ x: w.x + d.dx, y: w.y + d.dy });
      this.onChange(h);
    });
    const end = (e: PointerEvent) => {
      if (this.dragging && this.dragging.pointer === e.pointerId) {
        this.dragging = null;
        el.classList.remove('dragging');
      }
    };
    el.addEventListener('pointerup', end);
    el.addEventListener('pointercancel', end);
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
}
