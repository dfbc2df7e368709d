// The raw layer's one typed description (web/lib/src/raw.ts) against the embind registrations of web/wasm/*.cpp
// and against the instantiated module: the same functions, each with the declared number of parameters, and no
// embind class_ (the World and the prepared sets are passed as addresses: web/wasm/raw.h, viaAddress). The wrapper reaches the module only through these types (tsc, noImplicitAny, no `any`: checked
// below), so nothing it calls is undeclared. Also the source layout rule: no file over 1,000 lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import createModule from '../pkg/collide2d.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** raw.ts's interfaces: name -> Map(member -> parameter count) (methods only). */
function declared() {
  const file = here('../lib/src/raw.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const out = new Map();
  for (const s of source.statements) {
    if (!ts.isInterfaceDeclaration(s)) continue;
    const members = new Map();
    for (const m of s.members) {
      if (ts.isMethodSignature(m)) members.set(m.name.getText(source), m.parameters.length);
    }
    out.set(s.name.text, members);
  }
  return out;
}

/** The registrations of web/wasm/*.cpp: plain functions and, per class_ (there should be none), its methods. */
function registered() {
  const dir = here('../wasm/');
  const functions = new Set();
  const classes = new Map();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.cpp'))) {
    const text = readFileSync(dir + f, 'utf8');
    for (const block of text.matchAll(/EMSCRIPTEN_BINDINGS\(\w+\) \{([\s\S]*?)\n\}/g)) {
      // A class_ chain: class_<T>("Name") .constructor<>() .function("m", ...) ... ;
      const body = block[1].replace(/class_<[^>]*>\("(\w+)"\)([\s\S]*?);/g, (_, name, chain) => {
        classes.set(name, new Set([...chain.matchAll(/\.function\("(\w+)"/g)].map((m) => m[1])));
        return '';
      });
      for (const m of body.matchAll(/\bfunction\("(\w+)"/g)) functions.add(m[1]);
    }
  }
  return { functions, classes };
}

const types = declared();
const { functions, classes } = registered();
const M = await createModule({ wasmBinary: readFileSync(here('../pkg/collide2d.wasm')) });

test('raw.ts declares exactly the functions the C++ files register', () => {
  assert.ok(functions.size > 40, [...functions].join());
  assert.deepEqual([...types.get('RawFunctions').keys()].sort(), [...functions].sort());
});

test('the module registers no embind class_ (its glue would link the class machinery: docs/size.md)', () => {
  assert.deepEqual([...classes.keys()], []);
  assert.deepEqual(Object.keys(M).filter((k) => /^[A-Z]/.test(k) && typeof M[k] === 'function' && M[k].prototype &&
    Object.getOwnPropertyNames(M[k].prototype).includes('delete')), []);
});

test('the module has every declared function with the declared number of parameters', () => {
  for (const [name, arity] of types.get('RawFunctions')) {
    assert.equal(typeof M[name], 'function', name);
    assert.equal(M[name].length, arity, `${name}: the module takes ${M[name].length}, raw.ts declares ${arity}`);
  }
  for (const view of ['HEAPU8', 'HEAPU32', 'HEAPF64']) assert.ok(ArrayBuffer.isView(M[view]), view);
  // The objects JS owns are addresses: made, used and deleted through functions.
  const set = M.preparedNew();
  assert.ok(Number.isInteger(set) && set > 0, `preparedNew() = ${set}`);
  M.preparedDelete(set);
  const world = M.newWorld();
  assert.ok(Number.isInteger(world) && world > 0, `newWorld() = ${world}`);
  assert.equal(M.worldBodyCount(world), 0);
  M.worldDelete(world);
});

test("embind's type names (its only sprintf, wrapped by bindings.cpp's __wrap_siprintf) read as musl's %p writes them", () => {
  const name = (id) => {
    const p = M.___getTypeName(id);
    let end = p;
    while (M.HEAPU8[end] !== 0) end++;
    const text = String.fromCharCode(...M.HEAPU8.subarray(p, end));
    M._free(p);
    return text;
  };
  assert.equal(name(0x1234abcd), '0x1234abcd');
  assert.equal(name(16), '0x10');
  assert.equal(name(0xffffffff), '0xffffffff');
  assert.equal(name(0), '0');
});

test('the glue links no converters for the types no function uses (bindings.cpp wraps their registrations)', () => {
  const glue = readFileSync(here('../pkg/collide2d.mjs'), 'utf8');
  for (const name of ['_embind_register_std_string', '_embind_register_std_wstring', '_embind_register_emval',
    '_embind_register_memory_view', '_embind_register_bool', 'UTF16ToString', 'ClassHandle']) {
    assert.ok(!glue.includes(name), `${name} is in the glue`);
  }
  // ... and the types the functions do use are registered: every function runs (one of each signature's types).
  assert.equal(M.errorCode(), 0);
  const world = M.newWorld();
  assert.equal(typeof M.worldHeapBytes(world), 'number');
  M.worldDelete(world);
});

test('no `any` in the wrapper, strict options on, and no source file over 1,000 lines', () => {
  const config = ts.readConfigFile(here('../lib/tsconfig.json'), ts.sys.readFile).config.compilerOptions;
  assert.equal(config.strict, true);
  assert.equal(config.noImplicitAny, true);
  const src = here('../lib/src/');
  for (const f of readdirSync(src).filter((n) => n.endsWith('.ts'))) {
    const source = ts.createSourceFile(f, readFileSync(src + f, 'utf8'), ts.ScriptTarget.ES2022);
    const anys = [];
    const visit = (node) => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) anys.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
      ts.forEachChild(node, visit);
    };
    visit(source);
    assert.deepEqual(anys, [], `${f}: \`any\` on lines ${anys}`);
  }
  for (const dir of ['../lib/src/', '../wasm/']) {
    for (const f of readdirSync(here(dir)).filter((n) => /\.(ts|cpp|h)$/.test(n))) {
      const lines = readFileSync(here(dir + f), 'utf8').split('\n').length - 1;
      assert.ok(lines <= 1000, `${dir}${f}: ${lines} lines`);
    }
  }
});
