// Every error the package throws has a `code` from the documented list (the ErrorCode union of the declarations):
// by construction (only web/lib/src/errors.ts makes errors, each with a code), and by running garbage through every
// World method (garbage-calls.test.js does the functions and the batches).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as c2 from 'collide2d';
import { ERROR_CODES, mulberry32 } from './shared.js';

await c2.init();

const src = fileURLToPath(new URL('../lib/src/', import.meta.url));

/** The source without its comments, as TypeScript's printer writes it. */
function code(file) {
  const source = ts.createSourceFile(file, readFileSync(src + file, 'utf8'), ts.ScriptTarget.ES2022);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

test('the documented codes are the declared ErrorCode union', () => {
  const dts = fileURLToPath(new URL('../lib/types.d.ts', import.meta.url));
  const program = ts.createProgram([dts], { strict: true, noEmit: true, types: [], target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(dts)))
    .find((s) => s.name === 'ErrorCode');
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  assert.deepEqual(type.types.map((t) => t.value).sort(), [...ERROR_CODES].sort());
});

test('only errors.ts constructs errors, and each with a code', () => {
  const files = readdirSync(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  assert.ok(files.length >= 10, files.join());
  for (const f of files) {
    const c = code(f);
    const constructed = c.match(/new (?:\w*Error)\s*\(/g) ?? [];
    if (f === 'errors.ts') {
      // Each constructor call is the argument of coded(e, code).
      assert.equal(constructed.length, (c.match(/coded\(new \w*Error\(/g) ?? []).length, c);
    } else {
      assert.deepEqual(constructed, [], `${f} constructs an error itself`);
    }
    // A foreign error passed on gets its code (init's EvalError); World.add's NotConvex error gets its edges.
    for (const m of c.matchAll(/Object\.assign\(e, ([^)]*)\)/g)) assert.match(m[1], /\bcode\b|^\{ edges \}$/, f);
  }
});

test('garbage through every World method: only TypeError/RangeError/Error naming it, each with a documented code', (t) => {
  const r = mulberry32(77);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const w = new c2.World();
  const handles = [w.add(c2.circle(0, 0, 1)), w.add(c2.box(3, 0, 1, 1)), w.add(c2.compound([{ shape: c2.circle(0, 0, 1) }]))];
  w.step();
  const values = [undefined, null, 0, -1, 1.5, NaN, Infinity, 2e300, 2 ** 32, '0', 'pairs', true, {}, [], [0, 1],
    { x: 1, y: 2 }, { x: NaN, y: 0 }, { x: 1, y: 2, angle: 1 }, { statc: 1 }, { category: -1 }, { cellSize: 2 },
    c2.circle(0, 0, 1), c2.ray(-5, 0, 1, 0), c2.aabb(0, 0, 1, 1), { type: 'aabb', min: { x: 1, y: 1 }, max: { x: 0, y: 0 } },
    new Float64Array(3), new Float64Array(9), new Uint32Array([handles[0]]), () => 1, ...handles, 0xfffff];
  const methods = Object.getOwnPropertyNames(c2.World.prototype)
    .filter((k) => k !== 'constructor' && k !== 'free' && typeof Object.getOwnPropertyDescriptor(c2.World.prototype, k).value === 'function');
  assert.ok(methods.length >= 25, methods.join());
  const counts = {};
  for (let i = 0; i < 20000; i++) {
    const name = pick(methods);
    const args = Array.from({ length: Math.floor(r() * 5) }, () => pick(values));
    try {
      const out = w[name](...args);
      if (name === 'add') handles.push(out);
      if (name === 'remove' || name === 'clear') w.step();
      counts.returned = (counts.returned ?? 0) + 1;
    } catch (e) {
      const ok = (e instanceof TypeError || e instanceof RangeError || e.constructor === Error) &&
        e.message.startsWith(`collide2d.World.${name === 'constructor' ? 'constructor' : name}: `) && ERROR_CODES.includes(e.code);
      if (!ok) assert.fail(`${name}(${args.map((a) => typeof a).join(', ')}) threw ${e?.constructor?.name} (code ${e?.code}): ${e?.message}`);
      counts[e.code] = (counts[e.code] ?? 0) + 1;
    }
  }
  for (const code of ['WrongType', 'UnknownOption', 'OutOfRange', 'InvalidHandle', 'NotFinite']) {
    assert.ok(counts[code] > 10, `${code}: ${JSON.stringify(counts)}`);
  }
  assert.ok(counts.returned > 1000, JSON.stringify(counts));
  // The constructor, and a freed world.
  for (const options of values) {
    try {
      new c2.World(options).free();
    } catch (e) {
      assert.ok(e.message.startsWith('collide2d.World.constructor: ') && ERROR_CODES.includes(e.code), e.message);
    }
  }
  w.free();
  for (const name of methods) assert.throws(() => w[name](handles[0]), (e) => e.code === 'Freed', name);
  t.diagnostic(JSON.stringify(counts));
});
