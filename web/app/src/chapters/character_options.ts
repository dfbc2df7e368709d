// The controller's options of "Moving a character", live: one control per option of World.moveAndSlide (up,
// maxSlopeAngle, snapToGround, autostep {maxHeight, minWidth}, skin, maxIterations), each beside its short explanation. Every control sets the
// options object the page passes to moveAndSlide (and prints in the live code); nothing here imitates an option.
import type { Controls } from './character_level';

interface Spec {
  key: 'up' | 'maxSlope' | 'snap' | 'stepHeight' | 'stepWidth' | 'skin' | 'maxIterations';
  /** The option's name in the library. */
  name: string;
  text: string;
  /** A range: min, max, step, the value a checkbox turns it on with (for the ones that can be off). */
  range?: [number, number, number];
  needsUp?: boolean;
  show: (c: Controls) => string;
}

const SPECS: Spec[] = [
  {
    key: 'up', name: 'up',
    text: `Which way is up: here (0, −1), since y grows downwards. With it every hit is sorted into floor, wall or
ceiling, and the result says <code>grounded</code>, <code>onWall</code>, <code>onCeiling</code> and the
<code>groundNormal</code> (drawn at the top left of the figure and at the character's feet). The game then takes
"on the ground" from the library instead of its own 0.7 rule.`,
    show: (c) => (c.up ? '(0, −1)' : 'off'),
  },
  {
    key: 'maxSlope', name: 'maxSlopeAngle', range: [0, 90, 1], needsUp: true,
    text: `Slopes up to this angle are floors: walked up, and gravity does not slide the character down them;
steeper ones are walls, slid down. Set 30° and walk into the 40° slope; set 70° and climb the 60° one. (Radians in
the code.)`,
    show: (c) => (c.up && c.maxSlope !== null ? `${c.maxSlope}°` : 'off'),
  },
  {
    key: 'snap', name: 'snapToGround', range: [0, 0.5, 0.05], needsUp: true,
    text: `Walking down a slope or off a low step, the character leaves the ground for a frame or two and falls. With
a snap distance, a move that met no floor and does not go up goes down by up to that distance onto a floor.`,
    show: (c) => (c.up && c.snap > 0 ? String(c.snap) : 'off'),
  },
  {
    key: 'stepHeight', name: 'autostep.maxHeight', range: [0.05, 0.6, 0.05], needsUp: true,
    text: `Climbing steps on purpose: a wall met while on the ground is tried again raised by up to this height,
across, and down onto the higher floor. The stairs in the figure rise 0.25: with the box, walk into them with 0.2
and with 0.3.`,
    show: (c) => (c.up && c.stepHeight > 0 ? String(c.stepHeight) : 'off'),
  },
  {
    key: 'stepWidth', name: 'autostep.minWidth', range: [0, 0.5, 0.05], needsUp: true,
    text: `How much room the top of a step must leave beyond the character's edge for the step to be taken (0 by
default): a ledge narrower than this is a wall. The stairs' treads are 0.5 deep.`,
    show: (c) => (c.up && c.stepHeight > 0 ? String(c.stepWidth) : 'off'),
  },
  {
    key: 'skin', name: 'skin', range: [0, 0.1, 0.005],
    text: `A gap kept from the surfaces hit: a move ends <var>skin</var> short of what it hits (jump and land: y is
then 9.5 − skin; watch the lifts counter as you walk on). 0, the default, ends exactly at the hits.`,
    show: (c) => (c.skin > 0 ? String(c.skin) : '0'),
  },
  {
    key: 'maxIterations', name: 'maxIterations', range: [1, 8, 1],
    text: `How many legs one frame may take, 1 to 8 (default 4; anything else is refused with an error naming the
argument). With 1, a frame ends at its first hit instead of sliding on: walk into the slopes with 1 and with 4.`,
    show: (c) => String(c.maxIterations),
  },
];

/** Builds the controls into `root`; `changed` runs after each change. Returns a function that re-syncs them. */
export function mountOptions(root: HTMLElement, controls: () => Controls, changed: () => void): () => void {
  const syncs: (() => void)[] = [];
  for (const spec of SPECS) {
    const box = document.createElement('div');
    box.className = 'opt';
    box.dataset.option = spec.name;
    const head = document.createElement('div');
    head.className = 'opt-head';
    const label = document.createElement('label');
    const check = document.createElement('input');
    check.type = 'checkbox';
    check.dataset.testid = `opt-${spec.key}`;
    const name = document.createElement('code');
    name.textContent = spec.name;
    const out = document.createElement('output');
    out.dataset.testid = `opt-${spec.key}-value`;
    label.append(check, name);
    head.append(label);
    let range: HTMLInputElement | null = null;
    if (spec.range) {
      range = document.createElement('input');
      range.type = 'range';
      [range.min, range.max, range.step] = spec.range.map(String);
      range.dataset.testid = `opt-${spec.key}-range`;
      range.setAttribute('aria-label', spec.name);
      head.append(range);
    }
    head.append(out);
    const p = document.createElement('p');
    p.innerHTML = spec.text;
    box.append(head, p);
    root.append(box);
    // Options that can be off have a checkbox; skin and maxIterations always have a value (the checkbox resets it).
    const onOff = spec.key === 'up' || spec.key === 'maxSlope' || spec.key === 'snap' || spec.key === 'stepHeight';
    if (!onOff) check.hidden = true;
    const sync = () => {
      const c = controls();
      const disabled = (!!spec.needsUp && !c.up) || (spec.key === 'stepWidth' && !(c.stepHeight > 0));
      check.disabled = disabled;
      if (range) range.disabled = disabled;
      box.classList.toggle('off', disabled);
      if (spec.key === 'up') check.checked = c.up;
      if (spec.key === 'maxSlope') {
        check.checked = c.maxSlope !== null;
        if (range) range.value = String(c.maxSlope ?? 45);
      }
      if (spec.key === 'snap') {
        check.checked = c.snap > 0;
        if (range) range.value = String(c.snap);
      }
      if (spec.key === 'stepHeight') {
        check.checked = c.stepHeight > 0;
        if (range) range.value = String(c.stepHeight || 0.3);
      }
      if (spec.key === 'stepWidth' && range) range.value = String(c.stepWidth);
      if (spec.key === 'skin' && range) range.value = String(c.skin);
      if (spec.key === 'maxIterations' && range) range.value = String(c.maxIterations);
      out.textContent = spec.show(c);
    };
    syncs.push(sync);
    check.addEventListener('change', () => {
      const c = controls();
      if (spec.key === 'up') c.up = check.checked;
      if (spec.key === 'maxSlope') c.maxSlope = check.checked ? Number(range?.value ?? 45) : null;
      if (spec.key === 'snap') c.snap = check.checked ? (Number(range?.value) || 0.2) : 0;
      if (spec.key === 'stepHeight') c.stepHeight = check.checked ? (Number(range?.value) || 0.3) : 0;
      changed();
    });
    range?.addEventListener('input', () => {
      const c = controls();
      const v = Number(range?.value);
      if (spec.key === 'maxSlope') c.maxSlope = v;
      if (spec.key === 'snap') c.snap = v;
      if (spec.key === 'stepHeight') c.stepHeight = v;
      if (spec.key === 'stepWidth') c.stepWidth = v;
      if (spec.key === 'skin') c.skin = v;
      if (spec.key === 'maxIterations') c.maxIterations = v;
      changed();
    });
  }
  const syncAll = () => syncs.forEach((f) => f());
  syncAll();
  return syncAll;
}

/** The controls as URL parameters (only what differs from the defaults). */
export function controlsParams(c: Controls): Record<string, string> {
  const p: Record<string, string> = {};
  if (c.up) p.up = '1';
  if (c.maxSlope !== null) p.slope = String(c.maxSlope);
  if (c.snap > 0) p.snap = String(c.snap);
  if (c.skin > 0) p.skin = String(c.skin);
  if (c.maxIterations !== 4) p.iter = String(c.maxIterations);
  if (c.stepHeight > 0) p.step = String(c.stepHeight);
  if (c.stepWidth > 0) p.stepw = String(c.stepWidth);
  return p;
}

/** Reads the controls from URL parameters (out-of-range values are ignored). */
export function readControls(params: URLSearchParams, c: Controls): void {
  const n = (k: string, lo: number, hi: number): number | null => {
    const t = params.get(k);
    if (t === null) return null;
    const v = Number(t);
    return Number.isFinite(v) && v >= lo && v <= hi ? v : null;
  };
  c.up = params.get('up') === '1';
  c.maxSlope = n('slope', 0, 90);
  c.snap = n('snap', 0, 0.5) ?? 0;
  c.skin = n('skin', 0, 0.1) ?? 0;
  c.stepHeight = n('step', 0, 0.6) ?? 0;
  c.stepWidth = n('stepw', 0, 0.5) ?? 0;
  const it = n('iter', 1, 8);
  c.maxIterations = it !== null && Number.isInteger(it) ? it : 4;
}
