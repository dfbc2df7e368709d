// The report of bench/js/world.mjs (imported by it, not run by itself): the Markdown tables of the frame, issue 12
// peer, memory, contact-mode, shape-cast and raycast benchmarks, and the notes (pair-set, cast and ray agreement),
// printed on stdout from the figures world.mjs measured.

const fmt = (v, d = 2) => (v === undefined || v === null || Number.isNaN(v) ? 'n/a' : v.toFixed(d));

/**
 * Prints the report on stdout. `run`: the sizes and options (NS, LIBS, CASTS, RAYS, framesFor), the machine line,
 * the total run time in s, the native results, the per-N frame results, the raycast and shape-cast results (null
 * when skipped), the notes gathered while measuring (appended to here), why collide2d (wasm) was missing if it was,
 * and rayAgreement (from the raycast benchmark).
 */
export function printReport(run) {
  const { NS, LIBS, CASTS, RAYS, framesFor, machine, totalS, native, perN, rays, casts, notes, c2Missing, rayAgreement } = run;
  const lines = [];
  const get = (n, key) => perN.get(n)?.results.get(key);
  lines.push(`World benchmark (bench/js/world.mjs; scene of bench/scene.h, same frames for every library)`);
  lines.push('');
  lines.push(`Machine: ${machine}. Total run ${totalS.toFixed(0)} s.`);
  lines.push('');
  lines.push('Median ms per frame (move every body + all overlapping pairs), pair count on the same frame:');
  lines.push('');
  lines.push('| N | collide2d (wasm) | collide2d (native) | rapier2d-compat 0.21 | detect-collisions | flatbush + sat | collide2d / rapier | pairs: collide2d / rapier / d-c / flatbush+sat | collide2d heap B/body |');
  lines.push('|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const n of NS) {
    const c = get(n, 'collide2d'), r = get(n, 'rapier'), d = get(n, 'dc'), f = get(n, 'flatbush');
    const nat = native.frames.get(n);
    const pairs = [c, r, d, f].map((x) => (x ? String(x.pairs) : 'n/a')).join(' / ');
    const mem = c ? `${(c.memory.heapBytes / n).toFixed(0)}` : 'n/a';
    lines.push(`| ${n.toLocaleString('en-US')} | ${fmt(c?.ms)} | ${fmt(nat?.ms)} | ${fmt(r?.ms)} | ${fmt(d?.ms)} | ` +
      `${fmt(f?.ms)} | ${c && r ? fmt(c.ms / r.ms, 3) : 'n/a'} | ${pairs} | ${mem} |`);
  }
  if (NS.includes(10000) && NS.includes(50000)) {
    const g = (key) => {
      const a = get(10000, key), b = get(50000, key);
      return a && b ? `×${(b.ms / a.ms).toFixed(2)}` : 'n/a';
    };
    const gn = native.frames.get(10000) && native.frames.get(50000)
      ? `×${(native.frames.get(50000).ms / native.frames.get(10000).ms).toFixed(2)}` : 'n/a';
    lines.push(`| growth 10k→50k | ${g('collide2d')} | ${gn} | ${g('rapier')} | ${g('dc')} | ${g('flatbush')} | | | |`);
  }
  lines.push('');
  {
    // Issue 12's peers (same run, same frames): the best rapier with sensors and rapier with contact manifolds.
    const peerRows = [];
    for (const n of NS) {
      const r = get(n, 'rapier'), rs = get(n, 'rapier-simd'), rc = get(n, 'rapier-contacts');
      if (!rs && !rc) continue;
      // Like for like where the modes ran: pairs only against sensors, manifolds against contact manifolds.
      const c = get(n, 'c2pairs') ?? get(n, 'collide2d'), cm = get(n, 'c2manifolds') ?? get(n, 'collide2d');
      const best = [r, rs].filter(Boolean).reduce((a, b) => (!a || b.ms < a.ms ? b : a), null);
      peerRows.push(`| ${n.toLocaleString('en-US')} | ${c?.lib.name ?? 'n/a'} ${fmt(c?.ms)} | ${cm?.lib.name ?? 'n/a'} ${fmt(cm?.ms)} | ` +
        `${fmt(r?.ms)} | ${fmt(rs?.ms)} | ${fmt(rc?.ms)} | ` +
        `${c && best ? fmt(c.ms / best.ms, 3) : 'n/a'} | ${cm && rc ? fmt(cm.ms / rc.ms, 3) : 'n/a'} | ` +
        `${[c, rs, rc].map((x) => (x ? String(x.pairs) : 'n/a')).join(' / ')} |`);
    }
    if (peerRows.length) {
      lines.push('Issue 12 peers: rapier2d-simd-compat 0.19.3 (sensors, as above) and rapier2d-compat 0.21 with contacts ' +
        '(non-sensor colliders, every touching pair\'s contact manifold read each frame); targets: collide2d ≤ 1/4 of each:');
      lines.push('');
      lines.push('| N | collide2d vs sensors (wasm) | collide2d vs contacts (wasm) | rapier 0.21 sensors | rapier-simd 0.19.3 sensors | rapier 0.21 contacts | collide2d / best sensors | collide2d / contacts | pairs: collide2d / simd / contacts |');
      lines.push('|---:|---|---|---:|---:|---:|---:|---:|---|');
      for (const l of peerRows) lines.push(l);
      lines.push('');
    }
  }
  const memLines = [];
  for (const n of NS) {
    const c = get(n, 'collide2d');
    if (!c) continue;
    const m = c.memory;
    memLines.push(`N=${n}: w.heapBytes ${m.heapBytes} (${(m.heapBytes / n).toFixed(0)} B/body), wasm memory ` +
      `${(m.memBefore / 2 ** 20).toFixed(1)} → ${(m.memAfter / 2 ** 20).toFixed(1)} MiB (growth ${(m.growth / n).toFixed(0)} B/body)`);
  }
  for (const n of NS) {
    const nat = native.frames.get(n);
    const c = get(n, 'collide2d');
    if (nat && c) memLines.push(`N=${n}: wasm / native ${(c.ms / nat.ms).toFixed(2)} (native: ${nat.pairs?.toFixed(0)} pairs on average over its frames, ${nat.bytesPerBody?.toFixed(0)} B/body)`);
  }
  if (memLines.length) {
    lines.push('collide2d memory and wasm vs native:');
    lines.push('');
    for (const l of memLines) lines.push(`- ${l}`);
    lines.push('');
  }
  {
    const modeRows = NS.filter((n) => get(n, 'c2pairs') || get(n, 'c2manifolds'));
    if (modeRows.length) {
      lines.push('Contact modes (same run, same frames): collide2d World frame by setContactMode, and rapier sensors:');
      lines.push('');
      lines.push('| N | contacts (default) | pairs only | manifolds | rapier (sensors) | pairs only / rapier | manifolds / contacts |');
      lines.push('|---:|---:|---:|---:|---:|---:|---:|');
      for (const n of modeRows) {
        const c = get(n, 'collide2d'), p = get(n, 'c2pairs'), m = get(n, 'c2manifolds'), r = get(n, 'rapier');
        lines.push(`| ${n.toLocaleString('en-US')} | ${fmt(c?.ms)} | ${fmt(p?.ms)} | ${fmt(m?.ms)} | ${fmt(r?.ms)} | ` +
          `${p && r ? fmt(p.ms / r.ms, 3) : 'n/a'} | ${m && c ? fmt(m.ms / c.ms, 3) : 'n/a'} |`);
      }
      lines.push('');
    }
  }
  if (casts) {
    lines.push(`Shape cast: ${CASTS.toLocaleString('en-US')} seeded casts (the scene's shapes at half size, translation 1..30) against the 10k scene, first hit:`);
    lines.push('');
    lines.push('| | collide2d World.castShape (wasm) | rapier2d-compat 0.21 world.castShape | collide2d / rapier |');
    lines.push('|---|---:|---:|---:|');
    const c = casts.get('collide2d'), r = casts.get('rapier');
    lines.push(`| µs per cast | ${fmt(c?.us, 3)} | ${fmt(r?.us, 3)} | ${c && r ? fmt(c.us / r.us, 3) : 'n/a'} |`);
    lines.push(`| hits | ${c?.hits ?? 'n/a'} | ${r?.hits ?? 'n/a'} | |`);
    lines.push('');
    const g = casts.agreement;
    if (g) {
      notes.push(`castShape collide2d vs rapier: the same answer (miss, or the same travelled distance within 1e-3, ` +
        `largest difference ${g.maxD.toExponential(1)}) on ${g.same + g.tie} casts (${g.tie} on another body at the ` +
        `same distance), hit/miss differs on ${g.hitMiss}, another distance on ${g.other}; ${g.zero} collide2d hits at ` +
        `fraction 0 (starting in contact, moving in)${g.odd.length ? '; e.g. ' + g.odd.join(', ') : ''}`);
    }
  }
  if (rays) {
    lines.push(`Raycast: ${RAYS.toLocaleString('en-US')} seeded rays of length 100 against the 10k scene, closest hit:`);
    lines.push('');
    lines.push('| | collide2d (wasm) | collide2d (native) | rapier2d-compat 0.21 (castRay, solid) | detect-collisions (raycast) | collide2d / rapier |');
    lines.push('|---|---:|---:|---:|---:|---:|');
    const c = rays.get('collide2d'), r = rays.get('rapier'), d = rays.get('detect-collisions');
    lines.push(`| µs per ray | ${fmt(c?.us, 3)} | ${fmt(native.ray?.us, 3)} | ${fmt(r?.us, 3)} | ${fmt(d?.us, 3)} | ` +
      `${c && r ? fmt(c.us / r.us, 3) : 'n/a'} |`);
    lines.push(`| hits | ${c?.hits ?? 'n/a'} | ${native.ray ? Math.round(native.ray.hitRate * RAYS) : 'n/a'} | ${r?.hits ?? 'n/a'} | ` +
      `${d?.hits ?? 'n/a'} | |`);
    lines.push('');
    const ref = c ?? r;
    for (const [name, other] of [['rapier', r], ['detect-collisions', d]]) {
      if (!ref || !other || ref === other) continue;
      const a = rayAgreement(ref, other);
      notes.push(`raycast ${c ? 'collide2d' : 'rapier'} vs ${name}: same distance (within 1e-2, largest difference ` +
        `${a.maxDt.toExponential(1)}) on ${a.sameBody + a.tie} rays (${a.tie} of them on another body at the same ` +
        `distance: ties), hit/miss differs on ${a.hitMiss}, another distance on ${a.otherBody}; ${a.startInside} rays ` +
        `start inside a body (distance 0), ${a.startInsideOff} of them among the differences`);
    }
  }
  if (!native.exe && LIBS.includes('native')) notes.push('native: no collide2d_bench binary found (see the header of bench/js/world.mjs)');
  if (c2Missing) notes.push(`collide2d (wasm): ${c2Missing}`);
  if (notes.length) {
    lines.push('Notes:');
    lines.push('');
    for (const l of notes) lines.push(`- ${l}`);
    lines.push('');
  }
  lines.push('Frames: ' + NS.map((n) => `${framesFor(n).timed} timed after ${framesFor(n).warmup} warm-up at ${n}`).join(', ') +
    '. rapier: parentless sensor colliders (FIXED_FIXED), setTranslation/setRotation + world.step, pairs kept from ' +
    'collision events (no contact data); detect-collisions: setPosition/setAngle + update() + checkAll(); ' +
    'flatbush+sat: index rebuilt each frame, SAT.js tests with a Response; collide2d: setTransforms + step() ' +
    '(pairs with normal, depth, point).');
  console.log(lines.join('\n'));
}
