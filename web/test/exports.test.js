// Every runtime export has a declaration in web/lib/index.d.ts, and every declared value exists at runtime (also
// inside `batch`), with the same kind (function or object) and documentation (TSDoc) on each declaration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as c2 from 'collide2d';

const dts = fileURLToPath(new URL('../lib/index.d.ts', import.meta.url));
// ES2022 (the declarations use Symbol, for Symbol.dispose), no DOM and no Node types: what any consumer has.
const program = ts.createProgram([dts], { strict: true, noEmit: true, types: [], target: ts.ScriptTarget.ES2022 });
const checker = program.getTypeChecker();
const source = program.getSourceFile(dts);
const moduleSymbol = checker.getSymbolAtLocation(source);
const declared = checker.getExportsOfModule(moduleSymbol);
const values = declared.filter((s) => (s.flags & ts.SymbolFlags.Value) !== 0);

test('the declaration file has no errors', () => {
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(diagnostics, []);
});

test('runtime exports and declared values are the same names', () => {
  assert.deepEqual(Object.keys(c2).sort(), values.map((s) => s.name).sort());
});

test('each declared value has the runtime kind its declaration says', () => {
  for (const s of values) {
    const kind = (s.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class)) !== 0 ? 'function' : 'object';
    assert.equal(typeof c2[s.name], kind, s.name);
  }
});

test('batch members: runtime and declaration agree', () => {
  const batch = values.find((s) => s.name === 'batch');
  const type = checker.getTypeOfSymbolAtLocation(batch, source);
  const members = type.getProperties();
  assert.deepEqual(Object.keys(c2.batch).sort(), members.map((m) => m.name).sort());
  for (const m of members) {
    const t = checker.getTypeOfSymbolAtLocation(m, source);
    const isFunction = t.getCallSignatures().length > 0;
    assert.equal(typeof c2.batch[m.name], isFunction ? 'function' : 'number', m.name);
    if (!isFunction) assert.equal(c2.batch[m.name], Number(checker.typeToString(t)), m.name);
  }
});

test('every export and batch member is documented', () => {
  const batch = values.find((s) => s.name === 'batch');
  const all = [...declared, ...checker.getTypeOfSymbolAtLocation(batch, source).getProperties()];
  for (const s of all) {
    const doc = ts.displayPartsToString(s.getDocumentationComment(checker));
    assert.ok(doc.trim().length > 0, `${s.name} has no TSDoc`);
  }
});

test('functions take no more parameters than declared', () => {
  for (const s of values) {
    if (typeof c2[s.name] !== 'function' || (s.flags & ts.SymbolFlags.Class) !== 0) continue;
    const type = checker.getTypeOfSymbolAtLocation(s, source);
    const max = Math.max(...type.getCallSignatures().map((sig) => sig.getParameters().length));
    assert.ok(c2[s.name].length <= max, `${s.name}: runtime takes ${c2[s.name].length}, declared at most ${max}`);
  }
});

test('World members: runtime and declaration agree, each documented', () => {
  const world = values.find((s) => s.name === 'World');
  const members = checker.getDeclaredTypeOfSymbol(world).getProperties();
  const named = members.filter((m) => !m.name.startsWith('__@')).map((m) => m.name).sort();
  const runtime = Object.getOwnPropertyNames(c2.World.prototype).filter((k) => k !== 'constructor').sort();
  assert.deepEqual(runtime, named);
  assert.equal(typeof c2.World.prototype[Symbol.dispose], 'function');
  const statics = checker.getTypeOfSymbolAtLocation(world, source).getProperties().filter((m) => m.name !== 'prototype');
  assert.deepEqual(statics.map((m) => m.name).sort(), Object.keys(c2.World).sort());
  for (const m of statics) {
    assert.equal(c2.World[m.name], Number(checker.typeToString(checker.getTypeOfSymbolAtLocation(m, source))), m.name);
  }
  for (const m of [...members, ...statics]) {
    assert.ok(ts.displayPartsToString(m.getDocumentationComment(checker)).trim().length > 0, `World.${m.name} has no TSDoc`);
  }
});
