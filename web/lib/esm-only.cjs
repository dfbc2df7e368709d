// `require('collide2d')` (and `require('collide2d/inline')`) resolve here through the "require" condition of the
// package's "exports": the package is ES modules only (its loader uses import.meta.url and top-level await), so say
// what to do instead of Node's generic ERR_PACKAGE_PATH_NOT_EXPORTED (or, on Node >= 22.12, a require(esm) that
// fails later). Tested by web/pack-test/pack.test.js.
'use strict';
const error = new Error("collide2d is ESM only: use `await import('collide2d')` (or `import * as c2 from 'collide2d'` in an ES module) instead of require()");
error.code = 'ERR_REQUIRE_ESM';
throw error;
