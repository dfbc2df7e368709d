// Chapter "Moving a character": a level of unit tiles in a World, a character (box, capsule or circle) moved every
// frame by World.moveAndSlide, keyboard and touch controls, a step mode that draws each leg of the slide with its
// hits, the seam check counted live, and small figures for the seam, slopes and a step.
//
// The controller's options (World.moveAndSlide's SlideOptions: up, maxSlopeAngle, snapToGround, autostep, skin,
// maxIterations) are set live in the text (character_options.ts) and drawn as flags in the figure.
import type { Mounted, MountOptions } from '../chapter';
import { legendList, pager } from '../chapter';
import { fmt, fmtVec, type Vec } from '../geom';
import { type Answer, Readout, row } from '../readout';
import { C, Stage } from '../stage';
import { buildHash, replaceHash } from '../url';
import {
  type Frame, frameCode, Game, GROUND_Y, HERO, type HeroKind, type Input, LEVEL, num,
} from './character_level';
import { characterMinis } from './character_minis';
import { controlsParams, mountOptions, readControls } from './character_options';
import { CHARACTER_PROSE } from './character_prose';

export interface CustomChapter {
  id: string;
  title: string;
  nav: string;
  mount: (root: HTMLElement, params: URLSearchParams, opts: MountOptions) => Mounted;
}

const KEYS: Record<string, keyof Input> = {
  ArrowLeft: 'left', a: 'left', A: 'left', ArrowRight: 'right', d: 'right', D: 'right',
  ArrowUp: 'jump', w: 'jump', W: 'jump', ' ': 'jump',
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

function btn(text: string, testid: string, label: string, cls = 'chip'): HTMLButtonElement {
  const b = el('button', cls, text);
  b.type = 'button';
  b.dataset.testid = testid;
  b.setAttribute('aria-label', label);
  b.title = label;
  return b;
}

/** The outline of the character at p (for drawing): a box, a capsule or a circle. */
function drawHero(st: Stage, kind: HeroKind, p: Vec, fill: string | null, stroke: string, dash: number[] = []): void {
  if (kind === 'box') st.pathPoly([{ x: p.x - 0.4, y: p.y - 0.5 }, { x: p.x + 0.4, y: p.y - 0.5 }, { x: p.x + 0.4, y: p.y + 0.5 }, { x: p.x - 0.4, y: p.y + 0.5 }]);
  else if (kind === 'circle') st.pathCircle(p, 0.5);
  else {
    const pts: Vec[] = [];
    for (let i = 0; i <= 16; i++) {
      const a = Math.PI + (i * Math.PI) / 16;
      pts.push({ x: p.x + 0.4 * Math.cos(a), y: p.y - 0.1 + 0.4 * Math.sin(a) });
    }
    for (let i = 0; i <= 16; i++) {
      const a = (i * Math.PI) / 16;
      pts.push({ x: p.x + 0.4 * Math.cos(a), y: p.y + 0.1 + 0.4 * Math.sin(a) });
    }
    st.pathPoly(pts);
  }
  st.fillStroke(fill, stroke, 2, dash);
}

/** The result's flags in a fixed box at the figure's top left (screen pixels; not placed around marks). */
function hud(st: Stage, flags: [string, boolean][]): void {
  const { ctx } = st;
  ctx.save();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.font = '600 13px system-ui, sans-serif';
  const w = Math.max(...flags.map(([n, on]) => ctx.measureText(`${n}: ${on}`).width)) + 34;
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  ctx.strokeStyle = C.muted;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.rect(8.5, 8.5, w, 10 + 19 * flags.length);
  ctx.fill();
  ctx.stroke();
  flags.forEach(([name, on], i) => {
    const y = 25 + 19 * i;
    ctx.fillStyle = on ? C.push : C.muted;
    if (on) ctx.fillRect(16, y - 9, 10, 10);
    else ctx.strokeRect(16.5, y - 8.5, 9, 9);
    ctx.font = `${on ? 600 : 400} 13px system-ui, sans-serif`;
    ctx.fillText(`${name}: ${on}`, 32, y);
  });
  ctx.restore();
}

/** The legs of the frame's slide, from the hits' fractions (each leg is what the previous one left, minus its part along the hit normal). */
export function legsOf(f: Frame): [Vec, Vec][] {
  const legs: [Vec, Vec][] = [];
  let p = f.from;
  let rest = f.move;
  for (const h of f.hits) {
    const end = { x: p.x + rest.x * h.fraction, y: p.y + rest.y * h.fraction };
    legs.push([p, end]);
    const left = { x: rest.x * (1 - h.fraction), y: rest.y * (1 - h.fraction) };
    const into = left.x * h.normal.x + left.y * h.normal.y;
    rest = { x: left.x - into * h.normal.x, y: left.y - into * h.normal.y };
    p = end;
  }
  legs.push([p, f.position]);
  return legs;
}

export const characterChapter: CustomChapter = {
  id: 'character',
  title: 'Moving a character',
  nav: 'Character',
  mount(root, params, opts) {
    const game = new Game();
    const kind0 = params.get('hero');
    if (kind0 === 'capsule' || kind0 === 'circle') game.setHero(kind0);
    readControls(params, game.controls);
    const writeUrl = () => {
      const p: Record<string, string> = game.heroKind === 'box' ? {} : { hero: game.heroKind };
      replaceHash(buildHash(['chapter', 'character'], { ...p, ...controlsParams(game.controls) }));
    };
    const input: Input = { left: false, right: false, jump: false };
    let paused = false;
    let autoWalk = 0;
    const trail: Vec[] = [];

    const article = el('article', 'chapter character');
    article.dataset.chapter = 'character';
    const cols = el('div', 'chapter-cols');
    const text = el('div', 'text');
    const panel = el('div', 'panel');
    cols.append(text, panel);
    article.append(cols);

    // ---- the panel: figure, answer, touch pad, legend, tools, character choice ----
    const block = el('div', 'stage-block');
    panel.append(block);
    const stage = new Stage(block, { x: 0, y: 2.5, w: 13, h: 9 }, 'Moving a character: the level and the character');
    stage.gridUnit = 1;
    stage.el.tabIndex = 0;
    stage.el.setAttribute('aria-label', 'The game: once focused, arrow keys or A and D walk, W, up or Space jumps');
    stage.el.classList.add('game-stage');
    const readout = new Readout(text, { answerParent: block, keys: ['y', 'seams', 'stalls', 'lifts'] });
    const pad = el('div', 'game-pad');
    pad.dataset.testid = 'pad';
    const bLeft = btn('◀', 'pad-left', 'Walk left (hold)', 'pad-btn');
    const bJump = btn('▲ jump', 'pad-jump', 'Jump (hold)', 'pad-btn');
    const bRight = btn('▶', 'pad-right', 'Walk right (hold)', 'pad-btn');
    const bPause = btn('Pause', 'pause', 'Pause: then Step advances one frame', 'pad-btn');
    const bStep = btn('Step', 'step', 'One frame (1/60 s) with the keys held', 'pad-btn');
    pad.append(bLeft, bJump, bRight, bPause, bStep);
    block.append(pad);
    panel.append(legendList([['a', 'the character'], ['b', 'tiles: static bodies'], ['construction', 'the frame\'s move'], ['motion', 'the slide\'s legs'], 'point', ['push', 'hit normal']]));

    const tools = el('div', 'tools');
    const hint = el('p', 'hint');
    hint.innerHTML = 'Click the figure, then <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd> to walk, <kbd>↑</kbd> <kbd>W</kbd> or <kbd>Space</kbd> to jump; on a phone, hold the buttons.';
    const bReset = btn('Reset', 'reset', 'Back to the start');
    bReset.className = '';
    const tb = el('div', 'tool-buttons');
    tb.append(bReset);
    tools.append(hint, tb);
    panel.append(tools);
    const presets = el('div', 'presets');
    presets.append(el('span', '', 'Character:'));
    const heroButtons = (['box', 'capsule', 'circle'] as HeroKind[]).map((k) => {
      const b = btn(k, `hero-${k}`, `The character is a ${k}`);
      b.addEventListener('click', () => {
        game.setHero(k);
        writeUrl();
        trail.length = 0;
        sync();
        game.step(input);
        refresh(true);
      });
      presets.append(b);
      return b;
    });
    const bWalk = btn('walk the tiles', 'walk', 'Back to the start, then walk right for 100 frames');
    presets.append(bWalk);
    panel.append(presets);

    // ---- the text: title, lede, prose with its small figures, every number, the code ----
    const h1 = el('h1', '', 'Moving a character');
    const lede = el('p', 'lede');
    lede.innerHTML = `A platformer moves its hero every frame by asking the world where it can go: <code>moveAndSlide</code>
casts the hero's shape, stops at what it hits and slides along it. Walk over the tiles (keys, or hold the buttons under the
figure) and watch y: on a floor made of many tiles, it must not change at all.`;
    const prose = el('div', 'prose');
    prose.innerHTML = CHARACTER_PROSE;
    const minis = characterMinis();
    const miniStages: Stage[] = [];
    for (const fig of prose.querySelectorAll<HTMLElement>('figure[data-mini]')) {
      const m = minis[fig.dataset.mini ?? ''];
      if (!m) continue;
      const st = new Stage(fig, { x: 0, y: 0, w: 4, h: 2 }, m.title);
      st.el.classList.add('mini-stage');
      st.el.dataset.mini = fig.dataset.mini;
      st.canvas.dataset.testid = 'mini-canvas';
      st.trackLabels = false;
      st.onDraw = () => m.draw(st);
      const fitOnce = () => {
        st.drawNow();
        const e = st.extent;
        if (!e || st.cssW < 20) return;
        const mg = 30;
        const k = Math.min((st.cssW - 2 * mg) / (e.x1 - e.x0), (st.cssH - 2 * mg) / (e.y1 - e.y0));
        const v = { x: e.x0 - mg / k, y: e.y0 - mg / k, w: e.x1 - e.x0 + (2 * mg) / k, h: e.y1 - e.y0 + (2 * mg) / k };
        if (Math.abs(v.w - st.view.w) > 1e-3 * v.w || Math.abs(v.x - st.view.x) > 1e-3 * v.w) st.setView(v);
      };
      st.onResize = () => queueMicrotask(fitOnce);
      const cap = el('figcaption');
      cap.innerHTML = m.caption();
      fig.append(cap);
      miniStages.push(st);
      fitOnce();
    }
    const optionsRoot = prose.querySelector<HTMLElement>('[data-options]');
    const syncOptions = optionsRoot
      ? mountOptions(optionsRoot, () => game.controls, () => {
        syncOptions();
        writeUrl();
        refresh(true);
      })
      : () => {};
    const numbersHead = el('h2', 'numbers-head', 'Every number');
    readout.el.prepend(numbersHead);
    const code = el('section', 'code');
    code.setAttribute('aria-label', 'The code of this figure');
    const codeIntro = el('p', 'hint', 'This program builds the same level and makes the call of the frame shown (pause to hold it): paste it into a .mjs file (npm install collide2d) and run it. Its variables position, iterations and hits are the read-out above.');
    const pre = el('pre', 'live');
    pre.dataset.testid = 'live-code';
    code.append(el('h2', '', 'The code, live'), codeIntro, pre);
    text.append(h1, lede, prose, readout.el, code, pager(opts));
    root.replaceChildren(article);

    // ---- input ----
    // Keys steer while the figure or its buttons have the focus (click the figure); a key released anywhere lets go.
    const onKey = (down: boolean) => (e: KeyboardEvent) => {
      const k = KEYS[e.key];
      if (!k || e.ctrlKey || e.metaKey || e.altKey) return;
      if (down && !panel.contains(document.activeElement)) return;
      if (input[k] !== down || down) e.preventDefault();
      input[k] = down;
    };
    const keydown = onKey(true), keyup = onKey(false);
    document.addEventListener('keydown', keydown);
    document.addEventListener('keyup', keyup);
    const hold = (b: HTMLButtonElement, k: keyof Input) => {
      const set = (v: boolean) => (e: Event) => {
        input[k] = v;
        if (v) e.preventDefault();
        b.classList.toggle('held', v);
      };
      b.addEventListener('pointerdown', (e) => {
        b.setPointerCapture?.(e.pointerId);
        set(true)(e);
      });
      for (const ev of ['pointerup', 'pointercancel', 'lostpointercapture']) b.addEventListener(ev, set(false));
      b.addEventListener('contextmenu', (e) => e.preventDefault());
    };
    hold(bLeft, 'left');
    hold(bRight, 'right');
    hold(bJump, 'jump');
    stage.el.addEventListener('pointerdown', () => stage.el.focus({ preventScroll: true }));

    function sync(): void {
      heroButtons.forEach((b, i) => b.setAttribute('aria-pressed', String((['box', 'capsule', 'circle'] as HeroKind[])[i] === game.heroKind)));
      bPause.textContent = paused ? 'Play' : 'Pause';
      bPause.setAttribute('aria-pressed', String(paused));
      bStep.disabled = !paused;
      article.classList.toggle('stepping', paused);
    }

    bPause.addEventListener('click', () => {
      paused = !paused;
      sync();
      refresh(true);
    });
    bStep.addEventListener('click', () => {
      if (!paused) return;
      frame();
      refresh(true);
    });
    bReset.addEventListener('click', () => {
      game.reset();
      trail.length = 0;
      autoWalk = 0;
      game.step(input);
      refresh(true);
    });
    bWalk.addEventListener('click', () => {
      game.reset();
      trail.length = 0;
      autoWalk = 100;
      if (paused) {
        paused = false;
        sync();
      }
    });

    function frame(): void {
      const walking = autoWalk > 0;
      if (walking) autoWalk--;
      game.step(walking ? { left: false, right: true, jump: false } : input);
      trail.push({ ...game.pos });
      if (trail.length > 90) trail.shift();
    }

    // ---- drawing ----
    function camera(): void {
      const narrow = stage.cssW < 600;
      if (paused) {
        // Step mode: zoom on the character so that one frame's legs (1/12 of a tile) can be seen.
        const w = narrow ? 2.4 : 3.2;
        const h = w * (stage.cssH / stage.cssW);
        stage.pan({ x: game.pos.x - w / 2, y: game.pos.y - h / 2 + 0.2, w, h });
        return;
      }
      const w = narrow ? 9 : 13;
      const h = narrow ? 7 : 9;
      const vis = Math.max(w, h * (stage.cssW / stage.cssH));
      const cx = Math.min(LEVEL.x1 + 0.5 - vis / 2, Math.max(LEVEL.x0 - 0.5 + vis / 2, game.pos.x));
      stage.pan({ x: cx - w / 2, y: LEVEL.y1 + 0.5 - h, w, h });
    }

    stage.onDraw = () => {
      const vis = stage.visible();
      for (const s of game.solids) {
        const xs = s.outline.map((p) => p.x);
        if (Math.max(...xs) < vis.x - 1 || Math.min(...xs) > vis.x + vis.w + 1) continue;
        stage.pathPoly(s.outline);
        stage.fillStroke(C.b + '2a', C.b, 1.2);
        const c = s.outline[0];
        if (paused && s.role !== 'slope' && s.role !== 'step' && c.x + 0.1 > vis.x && c.x + 0.9 < vis.x + vis.w) {
          stage.untracked(() => stage.label({ x: c.x + 0.5, y: c.y + 0.55 }, s.kind, C.b, 0, 0, 'center'));
        }
        if (s.degrees !== undefined) stage.label(s.outline[2], `${s.degrees}°`, C.ink, -6, -6, 'right', true);
      }
      if (!paused) {
        stage.label({ x: 11.2, y: 9.2 }, 'stairs', C.ink, 0, -8, 'left', true);
        if (trail.length > 1) {
          stage.pathPoly(trail, false);
          stage.fillStroke(null, C.motion + 'aa', 2, [3, 4]);
        }
      }
      const f = game.last;
      if (paused && f) {
        drawHero(stage, game.heroKind, f.from, null, C.a + '99', [4, 3]);
        const hk = HERO[game.heroKind];
        stage.label({ x: f.from.x - hk.half, y: f.from.y - hk.below }, 'from (dashed)', C.a, -4, -4, 'right');
        // The frame's wish: where the move alone would take the centre (the legs are what moveAndSlide allowed).
        const wish = { x: f.from.x + f.move.x, y: f.from.y + f.move.y };
        stage.line(f.from, wish, C.muted, 1.5, [4, 3]);
        stage.dot(wish, C.muted, 3.5, true);
        stage.label(wish, `move ${fmtVec(f.move, 4)}`, C.muted, 8, 16);
        legsOf(f).forEach(([a, b], i) => {
          if (a.x === b.x && a.y === b.y) return;
          stage.arrow(a, b, C.motion, undefined, 2.5);
          // (a leg shorter than 24 px keeps its arrow but not its label: the labels would pile up)
          if (Math.hypot(b.x - a.x, b.y - a.y) * stage.k > 24) stage.label(b, `leg ${i + 1}`, C.motion, 6, -8);
        });
        f.hits.forEach((h, i) => {
          stage.dot(h.point, C.ink, 5);
          const tip = { x: h.point.x + 0.35 * h.normal.x, y: h.point.y + 0.35 * h.normal.y };
          stage.arrow(h.point, tip, C.push, undefined, 2.5);
          stage.label(tip, `hit ${i + 1}: t = ${fmt(h.fraction, 4)}, n = ${fmtVec(h.normal, 3)}`, C.push, 6, 14 + 16 * i);
        });
      }
      if (!paused && f) {
        // Playing: the last frame's hits, small, so that a hit at a seam shows as it happens.
        for (const h of f.hits) {
          stage.dot(h.point, C.ink, 3.5);
          stage.arrow(h.point, { x: h.point.x + 0.45 * h.normal.x, y: h.point.y + 0.45 * h.normal.y }, C.push, undefined, 2);
        }
      }
      drawHero(stage, game.heroKind, game.pos, C.a + '33', C.a);
      if (f?.options?.up) {
        // The result's flags, pinned to the figure's top left, and the ground's normal at the feet.
        hud(stage, [['grounded', f.grounded], ['onWall', f.onWall], ['onCeiling', f.onCeiling]]);
        if (f.grounded) {
          const feet = { x: game.pos.x + HERO[game.heroKind].half + 0.3, y: game.pos.y + HERO[game.heroKind].below };
          const tip = { x: feet.x + 0.6 * f.groundNormal.x, y: feet.y + 0.6 * f.groundNormal.y };
          stage.arrow(feet, tip, C.push, undefined, 2.5);
          stage.label(tip, `groundNormal ${fmtVec(f.groundNormal, 3)}`, C.push, 8, -4);
        }
      }
      stage.label({ x: game.pos.x, y: game.pos.y - HERO[game.heroKind].below }, `y = ${num(game.pos.y)}`, C.ink, 0, -10, 'center', true);
    };

    // ---- the read-out ----
    let lastShown = -1;
    function refresh(force = false): void {
      camera();
      stage.drawNow();
      if (!force && game.frame - lastShown < 6) return;
      lastShown = game.frame;
      const f = game.last;
      const s = game.stats;
      const bad = s.stalls + s.lifts;
      const answer: Answer = {
        hit: bad > 0 ? true : null,
        text: bad > 0
          ? `CAUGHT ON SEAMS: ${s.stalls} stalls, ${s.lifts} lifts in ${s.frames} frames on flat tiles`
          : `${game.grounded ? 'ON THE GROUND' : 'IN THE AIR'} · ${s.frames} frames on flat tiles, none caught`,
        raw: f ? {
          position: f.position, iterations: f.iterations, hits: f.hits, grounded: f.grounded, onWall: f.onWall,
          onCeiling: f.onCeiling, groundNormal: f.groundNormal,
        } : null,
        rows: [
          row('y', 'y of the character (y grows downwards; the floor\'s top is at 10)', num(game.pos.y), 'y'),
          row('x', 'x of the character', num(game.pos.x)),
          row('seams', 'seams crossed walking on flat tiles', String(s.seams), 'seams'),
          row('stalls', 'stalls there (moved less than the whole step sideways)', String(s.stalls), 'stalls'),
          row('lifts', 'lifts there (y changed at all)', String(s.lifts), 'lifts'),
          row('flat', 'frames walked on flat tiles, largest |Δy|', `${s.frames}, ${s.maxDy}`),
          row('frame', 'frame', String(game.frame)),
          row('move', 'this frame\'s move (speed × 1/60 s)', f ? fmtVec(f.move, 6) : '—'),
          row('iterations', 'casts (legs) moveAndSlide made', f ? String(f.iterations) : '—'),
          ...(f?.hits ?? []).map((h, i) => row(`hit${i + 1}`, `hit ${i + 1}: fraction t, normal, point`, `${fmt(h.fraction, 6)}, ${fmtVec(h.normal, 4)}, ${fmtVec(h.point, 4)}`)),
          row('grounded', f?.options?.up ? 'on the ground (the result\'s grounded flag)' : `on the ground (the page's rule: a hit normal with y > ${GROUND_Y}, or a fall stopped)`, String(game.grounded)),
          row('options', 'options passed to moveAndSlide', f?.options ? JSON.stringify(f.options) : 'none'),
          row('flags', 'flags: grounded, onWall, onCeiling, groundNormal', f ? `${f.grounded}, ${f.onWall}, ${f.onCeiling}, ${fmtVec(f.groundNormal, 4)}` : '—'),
        ],
      };
      readout.show(answer);
      if (f) pre.textContent = frameCode(game.heroKind, f);
      article.dataset.frame = String(game.frame);
    }

    // On a narrow screen the figure sticks under the header: while a small figure is on screen it lets go (as in the
    // other chapters), so that the small one and its text can be read whole.
    let seen = new Set<Element>();
    const watcher = 'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => {
        seen = new Set(seen);
        for (const e of entries) {
          if (e.isIntersecting) seen.add(e.target);
          else seen.delete(e.target);
        }
        article.classList.toggle('mini-in-view', seen.size > 0);
      })
      : null;
    for (const st of miniStages) watcher?.observe(st.el.parentElement ?? st.el);

    let raf = 0;
    const tick = () => {
      raf = requestAnimationFrame(tick);
      if (!paused) {
        frame();
        refresh();
      }
    };
    sync();
    game.step(input);
    refresh(true);
    raf = requestAnimationFrame(tick);

    return {
      destroy() {
        cancelAnimationFrame(raf);
        watcher?.disconnect();
        document.removeEventListener('keydown', keydown);
        document.removeEventListener('keyup', keyup);
        stage.destroy();
        for (const st of miniStages) st.destroy();
        game.free();
      },
    };
  },
};
