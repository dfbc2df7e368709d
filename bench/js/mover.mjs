// Character movement in Node: collide2d's World.moveAndSlide against rapier's KinematicCharacterController
// (@dimforge/rapier2d-compat, computeColliderMovement), on the same level and the same scripted moves, in one run.
//
// 1. Cost per call. The level: platforms of unit tiles (static aabbs / fixed cuboid colliders, laid edge to edge),
//    walls of stacked unit tiles, blocks one tile high, 20 and 40 degree ramps (triangles). Characters (boxes,
//    capsules and circles) walk left and right with gravity; the desired displacement depends only on the frame and
//    the character (the same work for both libraries whatever the answers). Passes of every library interleaved;
//    the median pass is reported, in microseconds per call.
//      collide2d   World with the tiles as static bodies; moveAndSlide(shape, transform, displacement) per character
//      +options    the same with the controller options {up, maxSlopeAngle: 45 degrees, snapToGround: 0.1}
//      +skin       the same with skin 0.01 as well (rapier's offset)
//      rapier      fixed cuboid / convex colliders; one parentless collider per character (excluded from the
//                  queries by its collision groups), controller with offset 0.01 (rapier needs a gap), slide on,
//                  its default slopes; the collider is moved to the computed position after each call
// 2. Seams, side by side: a character on rows of unit tiles, counted per step: stalls (it moved less than half of
//    what it was asked, with nothing in its way but tile seams) and lift (how far it rose above where it rests).
//    Scenes: walking on a floor with gravity, walking on it without gravity (resting on it), sliding down a wall
//    of stacked tiles (touching it, and pushing into it). Every tile row is also laid as one long box, where seams
//    cannot catch: the "one box" columns tell what each library does without seams (rapier also stalls there on some
//    steps: f32 positions and its offset handling), the "tiles" columns what seams add.
// Usage: node bench/js/mover.mjs [--passes=P] [--frames=F] [--characters=N]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { initWithMemory } from '../../web/test/shared.js';

const args = process.argv.slice(2);
const flagValue = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PASSES = Number(flagValue('passes') ?? 7);
const FRAMES = Number(flagValue('frames') ?? 120);
const CHARACTERS = Number(flagValue('characters') ?? 96);
const log = (...a) => console.error(...a);

const { c2 } = await initWithMemory();
const RAPIER = (await import('@dimforge/rapier2d-compat')).default;
await RAPIER.init();

// ---- the level (y up) ----------------------------------------------------------------------------------------------
// tiles: unit squares {x, y} (lower-left corner); ramps: triangles (counter-clockwise points).
function makeLevel() {
  const tiles = [];
  const ramps = [];
  const platforms = 24;
  for (let p = 0; p < platforms; p++) {
    const y0 = p * 12;
    for (let x = 0; x < 200; x++) tiles.push({ x, y: y0 - 1 });  // the floor: 200 tiles
    for (let k = 0; k < 5; k++) {
      const wx = 30 + 40 * k;
      if (wx >= 200) break;
      for (let h = 0; h < 4; h++) tiles.push({ x: wx, y: y0 + h });  // a wall of 4 stacked tiles
      tiles.push({ x: wx - 12, y: y0 });                               // a block one tile high
    }
    // ramps: 20 degrees over 4 tiles, 40 degrees over 2
    ramps.push([{ x: 60, y: y0 }, { x: 64, y: y0 }, { x: 64, y: y0 + 4 * Math.tan(20 * Math.PI / 180) }]);
    ramps.push([{ x: 140, y: y0 }, { x: 142, y: y0 }, { x: 142, y: y0 + 2 * Math.tan(40 * Math.PI / 180) }]);
  }
  return { tiles, ramps, platforms };
}

// Characters: {kind, w, h (box half-extents) | r (circle) | r + half (capsule: vertical core of half-length half)}.
function makeCharacters(n, platforms) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const kind = ['box', 'capsule', 'circle'][i % 3];
    const platform = i % platforms;
    const x = 2 + ((i * 37) % 190);
    const c = { kind, platform, speed: 0.04 + 0.02 * (i % 5), phase: i * 17 };
    if (kind === 'box') Object.assign(c, { hx: 0.4, hy: 0.45 });
    else if (kind === 'capsule') Object.assign(c, { r: 0.35, half: 0.3 });
    else Object.assign(c, { r: 0.4 });
    const bottom = kind === 'box' ? c.hy : kind === 'capsule' ? c.r + c.half : c.r;
    c.start = { x, y: platform * 12 + bottom + 0.5 };
    out.push(c);
  }
  return out;
}

// The desired displacement of character i at frame f: walk one way for 150 frames, then the other; gravity 0.05.
function desired(c, f) {
  const dir = Math.floor((f + c.phase) / 150) % 2 === 0 ? 1 : -1;
  return { x: dir * c.speed, y: -0.05 };
}

// ---- adapters ------------------------------------------------------------------------------------------------------

function c2Shape(c) {
  if (c.kind === 'box') return c2.aabb(-c.hx, -c.hy, c.hx, c.hy);
  if (c.kind === 'capsule') return c2.capsule(0, -c.half, 0, c.half, c.r);
  return c2.circle(0, 0, c.r);
}

const OPTIONS = { up: { x: 0, y: 1 }, maxSlopeAngle: Math.PI / 4, snapToGround: 0.1 };
const OPTIONS_SKIN = { ...OPTIONS, skin: 0.01 };

function collide2dAdapter(level, name = 'collide2d', options = 4) {
  const w = new c2.World();
  for (const t of level.tiles) w.add(c2.aabb(t.x, t.y, t.x + 1, t.y + 1), undefined, { static: true });
  for (const r of level.ramps) w.add(c2.polygon(r), undefined, { static: true });
  w.step();
  let shapes = null;
  return {
    name,
    setup(chars) { shapes = chars.map(c2Shape); },
    move(i, pos, d) {
      const r = w.moveAndSlide(shapes[i], { x: pos.x, y: pos.y, angle: 0 }, d, options);
      pos.x = r.position.x;
      pos.y = r.position.y;
    },
    free() { w.free(); },
  };
}

function rapierAdapter(level, offset = 0.01) {
  const R = RAPIER;
  const world = new R.World({ x: 0, y: 0 });
  const TILE_GROUPS = (0x0001 << 16) | 0xffff;
  const CHAR_GROUPS = (0x0002 << 16) | 0x0001;
  const QUERY_GROUPS = (0x0002 << 16) | 0x0001;
  for (const t of level.tiles) {
    world.createCollider(R.ColliderDesc.cuboid(0.5, 0.5).setTranslation(t.x + 0.5, t.y + 0.5).setCollisionGroups(TILE_GROUPS));
  }
  for (const r of level.ramps) {
    const pts = new Float32Array(r.flatMap((p) => [p.x, p.y]));
    world.createCollider(R.ColliderDesc.convexHull(pts).setCollisionGroups(TILE_GROUPS));
  }
  const controller = world.createCharacterController(offset);
  controller.setUp({ x: 0, y: 1 });
  controller.setSlideEnabled(true);
  let colliders = null;
  world.step();
  return {
    name: 'rapier',
    setup(chars) {
      colliders = chars.map((c) => {
        const desc = c.kind === 'box' ? R.ColliderDesc.cuboid(c.hx, c.hy)
          : c.kind === 'capsule' ? R.ColliderDesc.capsule(c.half, c.r) : R.ColliderDesc.ball(c.r);
        return world.createCollider(desc.setTranslation(c.start.x, c.start.y).setCollisionGroups(CHAR_GROUPS));
      });
      world.step();
    },
    move(i, pos, d) {
      const col = colliders[i];
      col.setTranslation(pos);
      controller.computeColliderMovement(col, d, undefined, QUERY_GROUPS);
      const m = controller.computedMovement();
      pos.x += m.x;
      pos.y += m.y;
    },
    free() { controller.free(); world.free(); },
  };
}

// ---- 1. cost per call ----------------------------------------------------------------------------------------------

function costPerCall() {
  const level = makeLevel();
  const chars = makeCharacters(CHARACTERS, level.platforms);
  const libs = [collide2dAdapter(level), collide2dAdapter(level, 'collide2d+options', OPTIONS),
    collide2dAdapter(level, 'collide2d+skin', OPTIONS_SKIN), rapierAdapter(level)];
  for (const lib of libs) lib.setup(chars);
  const times = new Map(libs.map((l) => [l.name, []]));
  const finals = new Map();
  for (let pass = 0; pass < PASSES + 1; pass++) {
    for (const lib of libs) {
      const pos = chars.map((c) => ({ ...c.start }));
      const t0 = performance.now();
      for (let f = 0; f < FRAMES; f++) {
        for (let i = 0; i < chars.length; i++) lib.move(i, pos[i], desired(chars[i], f));
      }
      const us = ((performance.now() - t0) * 1000) / (FRAMES * chars.length);
      if (pass > 0) times.get(lib.name).push(us);  // pass 0 warms up
      finals.set(lib.name, pos);
    }
  }
  for (const lib of libs) lib.free();
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  // Agreement: characters whose final positions differ by more than 0.05 (rapier keeps its 0.01 offset).
  const a = finals.get('collide2d'), b = finals.get('rapier');
  let differ = 0;
  for (let i = 0; i < a.length; i++) if (Math.hypot(a[i].x - b[i].x, a[i].y - b[i].y) > 0.05) differ++;
  return {
    c2: median(times.get('collide2d')),
    c2o: median(times.get('collide2d+options')),
    c2s: median(times.get('collide2d+skin')),
    rapier: median(times.get('rapier')),
    tiles: level.tiles.length + level.ramps.length,
    differ,
  };
}

// ---- 2. seams, side by side ----------------------------------------------------------------------------------------

// A scene: rows of tiles (or one long box per row), a character, its start and per-step displacement, and what
// "free progress" means: the component of the displacement that nothing but seams could block.
function seamScenes() {
  const floor = (tiled) => (tiled ? Array.from({ length: 60 }, (_, x) => ({ minX: x, minY: -1, maxX: x + 1, maxY: 0 }))
    : [{ minX: 0, minY: -1, maxX: 60, maxY: 0 }]);
  const wall = (tiled) => (tiled ? Array.from({ length: 60 }, (_, y) => ({ minX: 0, minY: y, maxX: 1, maxY: y + 1 }))
    : [{ minX: 0, minY: 0, maxX: 1, maxY: 60 }]);
  return [
    { name: 'walk on a tile floor with gravity', boxes: floor, start: { x: 2.5, y: 0.45 }, d: { x: 0.1, y: -0.02 },
      steps: 400, along: { x: 1, y: 0 }, rest: 0.45, liftAxis: 'y' },
    { name: 'walk resting on a tile floor', boxes: floor, start: { x: 2.5, y: 0.45 }, d: { x: 0.1, y: 0 },
      steps: 400, along: { x: 1, y: 0 }, rest: 0.45, liftAxis: 'y' },
    { name: 'fall along a wall of stacked tiles, touching it', boxes: wall, start: { x: 1.4, y: 58 }, d: { x: 0, y: -0.1 },
      steps: 400, along: { x: 0, y: -1 }, rest: 1.4, liftAxis: 'x' },
    { name: 'slide down a wall of stacked tiles, pushing into it', boxes: wall, start: { x: 1.4, y: 58 },
      d: { x: -0.02, y: -0.1 }, steps: 400, along: { x: 0, y: -1 }, rest: 1.4, liftAxis: 'x' },
  ];
}

const SEAM_LIBS = { collide2d: 4, 'collide2d+options': OPTIONS, 'collide2d+skin': OPTIONS_SKIN, rapier: null };

function runSeam(lib, scene, tiled, kind) {
  const boxes = scene.boxes(tiled);
  const hx = 0.4, hy = 0.45;
  // The character rests at scene.rest (its centre) on the row; rapier keeps its offset in addition (+skin: its skin).
  const extra = lib === 'rapier' || lib === 'collide2d+skin' ? 0.01 : 0;
  const pos = { ...scene.start };
  if (scene.liftAxis === 'y') pos.y += extra; else pos.x += extra;
  const restAt = scene.rest + extra;
  let stalls = 0, lift = 0;
  let move;
  let free = () => {};
  if (lib !== 'rapier') {
    const w = new c2.World();
    for (const b of boxes) w.add(c2.aabb(b.minX, b.minY, b.maxX, b.maxY), undefined, { static: true });
    w.step();
    const shape = kind === 'box' ? c2.aabb(-hx, -hy, hx, hy) : c2.capsule(0, -0.1, 0, 0.1, 0.35);
    const options = SEAM_LIBS[lib];
    move = (d) => w.moveAndSlide(shape, { x: pos.x, y: pos.y, angle: 0 }, d, options).position;
    free = () => w.free();
  } else {
    const R = RAPIER;
    const world = new R.World({ x: 0, y: 0 });
    for (const b of boxes) {
      world.createCollider(R.ColliderDesc.cuboid((b.maxX - b.minX) / 2, (b.maxY - b.minY) / 2)
        .setTranslation((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2).setCollisionGroups((1 << 16) | 0xffff));
    }
    const desc = kind === 'box' ? R.ColliderDesc.cuboid(hx, hy) : R.ColliderDesc.capsule(0.1, 0.35);
    const col = world.createCollider(desc.setTranslation(pos.x, pos.y).setCollisionGroups((2 << 16) | 1));
    const controller = world.createCharacterController(0.01);
    controller.setUp({ x: 0, y: 1 });
    world.step();
    move = (d) => {
      col.setTranslation(pos);
      controller.computeColliderMovement(col, d, undefined, (2 << 16) | 1);
      const m = controller.computedMovement();
      return { x: pos.x + m.x, y: pos.y + m.y };
    };
    free = () => { controller.free(); world.free(); };
  }
  const want = scene.d.x * scene.along.x + scene.d.y * scene.along.y;
  for (let s = 0; s < scene.steps; s++) {
    const next = move(scene.d);
    const got = (next.x - pos.x) * scene.along.x + (next.y - pos.y) * scene.along.y;
    if (got < 0.5 * want) stalls++;
    pos.x = next.x;
    pos.y = next.y;
    const off = (scene.liftAxis === 'y' ? pos.y : pos.x) - restAt;
    lift = Math.max(lift, off);
  }
  free();
  return { stalls, lift };
}

function seams() {
  const rows = [];
  for (const scene of seamScenes()) {
    for (const kind of ['box', 'capsule']) {
      const row = { scene: scene.name, kind };
      for (const lib of Object.keys(SEAM_LIBS)) {
        row[lib] = { tiles: runSeam(lib, scene, true, kind), one: runSeam(lib, scene, false, kind) };
      }
      rows.push(row);
    }
  }
  return rows;
}

// ---- report --------------------------------------------------------------------------------------------------------

const cost = costPerCall();
const seamRows = seams();
const fmt = (r) => `${r.stalls} stalls, lift ${r.lift.toExponential(1)}`;
const lines = [];
lines.push(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores`);
lines.push('');
lines.push(`moveAndSlide per call (${CHARACTERS} characters x ${FRAMES} frames, ${cost.tiles} level pieces, median of ${PASSES} passes)`);
lines.push('');
lines.push('| | per call | / rapier |');
lines.push('|---|---|---|');
for (const [name, us] of [['collide2d World.moveAndSlide', cost.c2], ['collide2d + options', cost.c2o],
  ['collide2d + options + skin 0.01', cost.c2s], ['rapier computeColliderMovement', cost.rapier]]) {
  lines.push(`| ${name} | ${us.toFixed(3)} us | ${(us / cost.rapier).toFixed(2)} |`);
}
lines.push('');
lines.push(`(final positions farther apart than 0.05: ${cost.differ} of ${CHARACTERS} characters; rapier keeps a 0.01 offset)`);
lines.push('');
lines.push('Seams: stalls (steps that moved less than half the free motion) and largest lift above the resting line');
lines.push('(+options: up, maxSlopeAngle 45 degrees, snapToGround 0.1; +skin: also skin 0.01, resting line 0.01 higher)');
lines.push('');
const libs = Object.keys(SEAM_LIBS);
lines.push(`| scene | shape | ${libs.map((l) => `${l}, tiles | ${l}, one box`).join(' | ')} |`);
lines.push(`|---|---|${libs.map(() => '---|---|').join('')}`);
for (const r of seamRows) {
  lines.push(`| ${r.scene} | ${r.kind} | ${libs.map((l) => `${fmt(r[l].tiles)} | ${fmt(r[l].one)}`).join(' | ')} |`);
}
console.log(lines.join('\n'));
