// `using` with the package's disposable classes: compiled by `npm run typecheck` with the esnext.disposable lib
// (tsconfig.esnext.json), as the TSDoc of World and PreparedPolygons says a project needs.
import * as c2 from 'collide2d';

await c2.init();

export function scene(): number {
  using world = new c2.World();
  using prepared = c2.batch.preparePolygons([[{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]]);
  world.add(c2.circle(0, 0, 1));
  return world.step() + prepared.count;
}
