// Writing results into the live code's comments. The comments are rounded for reading; the program's variables hold
// the exact values (the browser tests run each panel and compare them with the page).
import { fmt } from '../geom';
import type { Vec } from '../geom';

/** A point as a rounded object literal, for a comment. */
export const vc = (p: Vec | null | undefined, d = 2): string => (p ? `{ x: ${fmt(p.x, d)}, y: ${fmt(p.y, d)} }` : 'undefined');

/** A Contact (or null), for a comment. */
export const contactC = (c: { normal: Vec; depth: number; point: Vec } | null): string =>
  c ? `{ normal: ${vc(c.normal, 3)}, depth: ${fmt(c.depth, 3)}, point: ${vc(c.point)} }` : 'null';

/** `code` padded to a column, then `// comment` (a long code line gets its comment on the next line). */
export function line(code: string, comment?: string, col = 36): string {
  if (comment === undefined) return code;
  if (code.length + 2 > col) return `${code}\n${' '.repeat(2)}// ${comment}`;
  return `${code.padEnd(col)}// ${comment}`;
}
