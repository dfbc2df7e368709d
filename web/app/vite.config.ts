// Vite config for the collide2d tutorial. Root: web/app. Output: web/dist (static, relative paths).
import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(appDir, '../..');

/** The file the root package.json's `exports` map points to for `import 'collide2d'`. */
function packageEntry(): string {
  const pkg = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8'));
  let e: unknown = pkg.exports;
  if (e && typeof e === 'object' && '.' in (e as object)) e = (e as Record<string, unknown>)['.'];
  while (e && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    e = o.import ?? o.browser ?? o.default ?? o.module;
  }
  if (typeof e !== 'string') e = pkg.module ?? pkg.main;
  if (typeof e !== 'string') {
    console.warn('vite.config: package.json has no "exports" entry yet; using ./web/lib/index.js');
    e = './web/lib/index.js';
  }
  return resolve(repoRoot, e);
}

const port = Number(process.env.PORT) || 5173;

export default defineConfig({
  root: appDir,
  base: './',
  // The package imports itself by name, as a user of it would; Vite cannot resolve a package's self-reference,
  // so map the bare specifier to the file named by the `exports` map.
  resolve: { alias: [{ find: /^collide2d$/, replacement: packageEntry() }] },
  server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [repoRoot] } },
  preview: { host: '127.0.0.1', port, strictPort: true },
  build: {
    outDir: resolve(repoRoot, 'web/dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
});
