// The "Moving a character" chapter's level and game loop: unit tiles (aabb, box and polygon in turn) laid edge to
// edge as static World bodies, stairs and three slopes, and a character moved every frame by World.moveAndSlide.
// Everything the chapter reports about a frame (where the character ends, the hits, their fractions and normals)
// is what moveAndSlide returned; the page adds only the game's own rules (walking speed, gravity, jumping, what
// counts as ground) and the seam check (stalls and lifts counted from the results).
import * as c2 from 'collide2d';
import type { Vec } from '../geom';

/** Floor top: the tiles of the floor occupy y in [10, 11] (y grows downwards). */
export const FLOOR_Y = 10;
/** Frames per second of the fixed step. */
export const FPS = 60;
/** Walking speed (tiles per second), jump speed, gravity (tiles per second squared). */
export const SPEED = 5;
export const JUMP = 9;
export const GRAVITY = 30;
/** A hit whose normal points this much down (from the character to the body) is ground: slopes up to 45.57°. */
export const GROUND_Y = 0.7;

export type TileKind = 'aabb' | 'box' | 'polygon';
export type Role = 'floor' | 'wall' | 'ceiling' | 'step' | 'slope';

export interface Solid {
  role: Role;
  kind: TileKind;
  shape: c2.Shape;
  at: Vec;
  /** World outline (for drawing). */
  outline: Vec[];
  /** For slopes: the angle in degrees. */
  degrees?: number;
}

const TILE: Record<TileKind, () => c2.Shape> = {
  aabb: () => c2.aabb(0, 0, 1, 1),
  box: () => c2.box(0.5, 0.5, 0.5, 0.5),
  polygon: () => c2.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }]),
};
export const TILE_KINDS: TileKind[] = ['aabb', 'box', 'polygon'];
const square = (x: number, y: number, w = 1, h = 1): Vec[] => [
  { x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h },
];

/** The slopes: left end, run (tiles), angle (degrees). */
export const SLOPES: [number, number, number][] = [[16, 3, 20], [21, 1.5, 40], [24.5, 1, 60]];
/** Stairs: first riser at x = 11, four steps of 0.25 × 0.5, up to a landing that ends at x = 13.5. */
export const STAIRS = { x: 11, rise: 0.25, run: 0.5, steps: 4, end: 13.5 };
/** Where walking on the floor meets nothing but floor tiles (x ranges the character may fill). */
export const FLAT: [number, number][] = [[0, 11], [13.5, 16], [19, 21], [22.5, 24.5], [25.5, 29]];
export const LEVEL = { x0: -1, x1: 30, y0: 3, y1: 11 };

/** The slope's polygon vertices (local to its left end on the floor), as written in the live code. */
export function slopePoints(run: number, degrees: number): Vec[] {
  const h = run * Math.tan((degrees * Math.PI) / 180);
  return [{ x: 0, y: 0 }, { x: run, y: -h }, { x: run, y: 0 }];
}

/** The level, in the order its bodies are added (the live code adds them in the same order). */
export function levelSolids(): Solid[] {
  const out: Solid[] = [];
  let k = 0;
  const tile = (role: Role, x: number, y: number) => {
    const kind = TILE_KINDS[k++ % 3];
    out.push({ role, kind, shape: TILE[kind](), at: { x, y }, outline: square(x, y) });
  };
  for (let x = -1; x <= 30; x++) tile('floor', x, FLOOR_Y);
  for (let y = 3; y <= 9; y++) {
    tile('wall', -1, y);
    tile('wall', 29, y);
  }
  for (let x = 3; x <= 7; x++) tile('ceiling', x, 7);
  for (let s = 1; s <= STAIRS.steps; s++) {
    // Columns edge to edge, the last one wider (the landing).
    const x = STAIRS.x + STAIRS.run * (s - 1);
    const h = STAIRS.rise * s;
    const w = s < STAIRS.steps ? STAIRS.run : STAIRS.end - x;
    out.push({
      role: 'step', kind: 'aabb', shape: c2.aabb(0, -h, w, 0), at: { x, y: FLOOR_Y },
      outline: square(x, FLOOR_Y - h, w, h),
    });
  }
  for (const [x, run, degrees] of SLOPES) {
    const pts = slopePoints(run, degrees);
    out.push({
      role: 'slope', kind: 'polygon', shape: c2.polygon(pts), at: { x, y: FLOOR_Y }, degrees,
      outline: pts.map((p) => ({ x: p.x + x, y: p.y + FLOOR_Y })),
    });
  }
  return out;
}

export type HeroKind = 'box' | 'capsule' | 'circle';
export const HERO: Record<HeroKind, { shape: () => c2.Shape; code: string; half: number; below: number }> = {
  box: { shape: () => c2.box(0, 0, 0.4, 0.5), code: 'c2.box(0, 0, 0.4, 0.5)', half: 0.4, below: 0.5 },
  capsule: { shape: () => c2.capsule(0, -0.1, 0, 0.1, 0.4), code: 'c2.capsule(0, -0.1, 0, 0.1, 0.4)', half: 0.4, below: 0.5 },
  circle: { shape: () => c2.circle(0, 0, 0.5), code: 'c2.circle(0, 0, 0.5)', half: 0.5, below: 0.5 },
};
export const START_X = 1.5;

export interface Hit {
  fraction: number;
  point: Vec;
  normal: Vec;
}

/** One frame: where it started, what was asked, what moveAndSlide returned. */
export interface Frame {
  from: Vec;
  move: Vec;
  /** The options passed (undefined: none, moveAndSlide bare). */
  options: c2.SlideOptions | undefined;
  position: Vec;
  iterations: number;
  hits: Hit[];
  /** The result's flags (they need the `up` option; false and (0, 0) without it). */
  grounded: boolean;
  onWall: boolean;
  onCeiling: boolean;
  groundNormal: Vec;
}

/** The controller's options as the page's controls set them (each off by default, as in the library). */
export interface Controls {
  up: boolean;
  /** Degrees, or null: off. */
  maxSlope: number | null;
  /** 0: off. */
  snap: number;
  skin: number;
  maxIterations: number;
  /** autostep.maxHeight; 0: off. */
  stepHeight: number;
  /** autostep.minWidth (0, the default, is left out of the options). */
  stepWidth: number;
}

export const defaultControls = (): Controls => ({
  up: false, maxSlope: null, snap: 0, skin: 0, maxIterations: 4, stepHeight: 0, stepWidth: 0,
});

/** The options object for moveAndSlide: only what differs from the defaults (undefined when nothing does). */
export function slideOptions(c: Controls): c2.SlideOptions | undefined {
  const o: c2.SlideOptions = {};
  if (c.maxIterations !== 4) o.maxIterations = c.maxIterations;
  if (c.skin > 0) o.skin = c.skin;
  if (c.up) o.up = { x: 0, y: -1 };
  if (c.up && c.maxSlope !== null) o.maxSlopeAngle = (c.maxSlope * Math.PI) / 180;
  if (c.up && c.snap > 0) o.snapToGround = c.snap;
  if (c.up && c.stepHeight > 0) o.autostep = c.stepWidth > 0 ? { maxHeight: c.stepHeight, minWidth: c.stepWidth } : { maxHeight: c.stepHeight };
  return Object.keys(o).length ? o : undefined;
}

export interface Input {
  left: boolean;
  right: boolean;
  jump: boolean;
}

/** The seam check: frames walked on flat tiles, seams crossed there, and stalls and lifts among them. */
export interface SeamStats {
  frames: number;
  seams: number;
  stalls: number;
  lifts: number;
  /** The largest |Δy| of a frame on flat tiles. */
  maxDy: number;
}

export const emptyStats = (): SeamStats => ({ frames: 0, seams: 0, stalls: 0, lifts: 0, maxDy: 0 });

export class Game {
  readonly world = new c2.World();
  readonly solids = levelSolids();
  heroKind: HeroKind = 'box';
  hero: c2.Shape = HERO.box.shape();
  pos: Vec = { x: START_X, y: FLOOR_Y - HERO.box.below };
  vel: Vec = { x: 0, y: 0 };
  grounded = false;
  last: Frame | null = null;
  stats: SeamStats = emptyStats();
  frame = 0;
  controls: Controls = defaultControls();

  constructor() {
    for (const s of this.solids) this.world.add(s.shape, s.at, { static: true });
    // One step bins the static bodies, as a game's first frame would. (Without it, the first moveAndSlide on a
    // fresh world reports a surface touched at its start as a hit at t = 0, and later calls take it off silently:
    // the live code, which makes one call on a fresh world, would then differ from the page.)
    this.world.step();
  }

  setHero(kind: HeroKind): void {
    this.heroKind = kind;
    this.hero = HERO[kind].shape();
    this.reset();
  }

  reset(): void {
    this.pos = { x: START_X, y: FLOOR_Y - HERO[this.heroKind].below };
    this.vel = { x: 0, y: 0 };
    // Not on the ground until a first frame says so (the start pose may be a few ulps off the floor).
    this.grounded = false;
    this.last = null;
    this.stats = emptyStats();
    this.frame = 0;
  }

  /** True when the character's x extent from x0 to x1 lies inside one flat stretch of floor. */
  onFlat(x0: number, x1: number): boolean {
    const h = HERO[this.heroKind].half;
    const lo = Math.min(x0, x1) - h, hi = Math.max(x0, x1) + h;
    return FLAT.some(([a, b]) => lo >= a && hi <= b);
  }

  /** One fixed step of 1/60 s: the game's rules, then one moveAndSlide call. */
  step(input: Input): Frame {
    const dt = 1 / FPS;
    this.vel.x = (input.right ? SPEED : 0) - (input.left ? SPEED : 0);
    const jumping = input.jump && this.grounded;
    if (jumping) this.vel.y = -JUMP;
    this.vel.y += GRAVITY * dt;
    const from = { ...this.pos };
    const move = { x: this.vel.x * dt, y: this.vel.y * dt };
    const options = slideOptions(this.controls);
    const r = options ? this.world.moveAndSlide(this.hero, from, move, options) : this.world.moveAndSlide(this.hero, from, move);
    const hits: Hit[] = [];
    for (let i = 0; i < r.hitCount; i++) {
      const h = this.world.rayHit(i);
      hits.push({ fraction: h.fraction, point: h.point, normal: h.normal });
    }
    const wasGrounded = this.grounded;
    if (options?.up) {
      // With up set, the library says what was hit: floors, walls, ceilings.
      this.grounded = r.grounded;
      if (r.onCeiling && this.vel.y < 0) this.vel.y = 0;
    } else {
      // Bare: the game's own rule. A hit whose normal points down by more than 0.7 is ground; so is a fall that was
      // not carried out with no hit reported (a move wholly into a surface the shape rests on makes no leg).
      const stopped = r.hitCount === 0 && move.y > 0 && r.position.y - from.y < move.y;
      this.grounded = stopped || hits.some((h) => h.normal.y > GROUND_Y);
      if (hits.some((h) => h.normal.y < -GROUND_Y) && this.vel.y < 0) this.vel.y = 0;
    }
    if (this.grounded && this.vel.y > 0) this.vel.y = 0;
    this.pos = { x: r.position.x, y: r.position.y };
    // The seam check: a walking frame that starts on the ground, without a jump, over flat tiles only. There the
    // character must move by all of its horizontal step (else: a stall) and keep its y exactly (else: a lift).
    if (wasGrounded && !jumping && move.x !== 0 && this.onFlat(from.x, from.x + move.x)) {
      const s = this.stats;
      s.frames++;
      s.seams += Math.abs(Math.floor(this.pos.x) - Math.floor(from.x));
      const dy = this.pos.y - from.y;
      s.maxDy = Math.max(s.maxDy, Math.abs(dy));
      if (dy !== 0) s.lifts++;
      if (Math.abs(this.pos.x - from.x) < Math.abs(move.x) * (1 - 1e-9)) s.stalls++;
    }
    this.frame++;
    this.last = {
      from, move, options, position: this.pos, iterations: r.iterations, hits,
      grounded: r.grounded, onWall: r.onWall, onCeiling: r.onCeiling, groundNormal: { x: r.groundNormal.x, y: r.groundNormal.y },
    };
    return this.last;
  }

  free(): void {
    this.world.free();
  }
}

/** Shortest text that reads back as the same double. */
export const num = (x: number): string => (Object.is(x, -0) ? '0' : String(x));
const vec = (p: Vec): string => `{ x: ${num(p.x)}, y: ${num(p.y)} }`;

function optionsCode(o: c2.SlideOptions): string {
  const parts: string[] = [];
  if (o.maxIterations !== undefined) parts.push(`maxIterations: ${o.maxIterations}`);
  if (o.skin !== undefined) parts.push(`skin: ${num(o.skin)}`);
  if (o.up) parts.push(`up: ${vec(o.up)}`);
  if (o.maxSlopeAngle !== undefined) parts.push(`maxSlopeAngle: ${num(o.maxSlopeAngle)}`);
  if (o.snapToGround !== undefined) parts.push(`snapToGround: ${num(o.snapToGround)}`);
  if (o.autostep) {
    const w = o.autostep.minWidth !== undefined ? `, minWidth: ${num(o.autostep.minWidth)}` : '';
    parts.push(`autostep: { maxHeight: ${num(o.autostep.maxHeight)}${w} }`);
  }
  return `{ ${parts.join(', ')} }`;
}

/** The live code: the level, the character and this frame's call, as a program (its variables are the read-out). */
export function frameCode(kind: HeroKind, f: Frame): string {
  const slopes = SLOPES.map(([x, run, deg]) => `  [${num(x)}, [${slopePoints(run, deg).map(vec).join(', ')}]],  // ${deg}°`).join('\n');
  return `import * as c2 from 'collide2d';
await c2.init();

const world = new c2.World();
const tiles = [c2.aabb(0, 0, 1, 1), c2.box(0.5, 0.5, 0.5, 0.5),
  c2.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }])];
let k = 0;
const tile = (x, y) => world.add(tiles[k++ % 3], { x, y }, { static: true });
for (let x = -1; x <= 30; x++) tile(x, 10);                // the floor: top at y = 10
for (let y = 3; y <= 9; y++) { tile(-1, y); tile(29, y); } // two walls
for (let x = 3; x <= 7; x++) tile(x, 7);                   // a ceiling
for (let s = 1; s <= 4; s++) {                             // stairs: 0.25 up every 0.5
  const x = 11 + 0.5 * (s - 1);
  world.add(c2.aabb(0, -0.25 * s, s < 4 ? 0.5 : 13.5 - x, 0), { x, y: 10 }, { static: true });
}
for (const [x, points] of [                                // slopes: 20°, 40°, 60°
${slopes}
]) world.add(c2.polygon(points), { x, y: 10 }, { static: true });
world.step();                                              // bins the static bodies, as a game's first frame does

const hero = ${HERO[kind].code};
const from = ${vec(f.from)};   // where this frame starts
const move = ${vec(f.move)};   // speed × 1/60 s (gravity included)
${f.options ? `const options = ${optionsCode(f.options)};\nconst slide = world.moveAndSlide(hero, from, move, options);` : 'const slide = world.moveAndSlide(hero, from, move);'}
const { position, iterations, grounded, onWall, onCeiling, groundNormal } = slide;
const hits = [];
for (let i = 0; i < slide.hitCount; i++) {
  const { fraction, point, normal } = world.rayHit(i);
  hits.push({ fraction, point, normal });
}`;
}
