// The answer of a figure: a hit badge and the key numbers right under the figure (the answer bar), and the full
// read-out: a table of named values and the library's raw result.

export interface Row {
  /** data-testid suffix: out-<key> (and key-<key> in the answer bar) */
  key: string;
  label: string;
  value: string;
  /** A short label for the answer bar under the figure. */
  short?: string;
}

export interface Answer {
  /** true / false, or null when the question has no yes/no answer (e.g. invalid input). */
  hit: boolean | null;
  /** Short words for the badge, e.g. "HIT: they overlap". Defaults per state. */
  text?: string;
  rows: Row[];
  /** What the library returned, shown as JSON (read by the browser tests). */
  raw: unknown;
  /** An error message from the library (invalid shape): shown instead of a hit state. */
  error?: string;
}

export const row = (key: string, label: string, value: string, short?: string): Row => ({ key, label, value, short });

/** JSON with NaN / Infinity written as strings (as the case corpus does). */
export function toJson(x: unknown): string {
  return JSON.stringify(
    x,
    (_k, val) => {
      if (typeof val === 'number' && !Number.isFinite(val)) return String(val);
      if (val instanceof Float64Array || val instanceof Uint8Array || val instanceof Int32Array) return Array.from(val);
      return val;
    },
    2,
  );
}

export interface ReadoutOptions {
  /** Where the answer bar (badge + key numbers) goes; by default at the top of the read-out. */
  answerParent?: HTMLElement;
  /** Row keys shown as key numbers in the answer bar, in this order. */
  keys?: string[];
}

export class Readout {
  readonly el: HTMLElement;
  /** The badge and the key numbers. */
  readonly answer: HTMLElement;
  private badge: HTMLParagraphElement;
  private keyList: HTMLElement;
  private table: HTMLTableElement;
  private pre: HTMLPreElement;

  constructor(parent: HTMLElement, private opts: ReadoutOptions = {}) {
    this.el = document.createElement('section');
    this.el.className = 'readout';
    this.el.setAttribute('aria-label', 'Result');
    this.answer = document.createElement('div');
    this.answer.className = 'answer';
    this.answer.dataset.testid = 'answer';
    this.badge = document.createElement('p');
    this.badge.className = 'badge';
    this.badge.dataset.testid = 'hit-state';
    this.badge.setAttribute('role', 'status');
    this.badge.setAttribute('aria-live', 'polite');
    this.keyList = document.createElement('dl');
    this.keyList.className = 'keys';
    this.keyList.dataset.testid = 'keys';
    this.answer.append(this.badge, this.keyList);
    this.table = document.createElement('table');
    this.table.dataset.testid = 'readout';
    const details = document.createElement('details');
    details.className = 'raw';
    const summary = document.createElement('summary');
    summary.textContent = 'What the library returned (JSON)';
    this.pre = document.createElement('pre');
    this.pre.dataset.testid = 'result-json';
    details.append(summary, this.pre);
    this.el.append(this.table, details);
    if (opts.answerParent) opts.answerParent.append(this.answer);
    else this.el.prepend(this.answer);
    parent.append(this.el);
  }

  show(a: Answer): void {
    const state = a.error ? 'error' : a.hit === null ? 'none' : a.hit ? 'hit' : 'miss';
    this.badge.dataset.hit = state;
    this.badge.className = `badge badge-${state}`;
    const text =
      a.error ? `INVALID: ${a.error}` : a.text ?? (a.hit === null ? '—' : a.hit ? 'HIT: they touch or overlap' : 'NO HIT: they are apart');
    this.badge.replaceChildren(icon(state), document.createTextNode(text));
    const body = document.createElement('tbody');
    for (const r of a.rows) {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = r.label;
      const td = document.createElement('td');
      td.dataset.testid = `out-${r.key}`;
      td.textContent = r.value;
      tr.append(th, td);
      body.append(tr);
    }
    this.table.replaceChildren(body);
    const keys = a.error ? [] : (this.opts.keys ?? []).map((k) => a.rows.find((r) => r.key === k)).filter((r): r is Row => !!r);
    this.keyList.replaceChildren(...keys.map((r) => {
      const d = document.createElement('div');
      const dt = document.createElement('dt');
      dt.textContent = r.short ?? r.label;
      const dd = document.createElement('dd');
      dd.dataset.testid = `key-${r.key}`;
      dd.textContent = r.value;
      d.append(dt, dd);
      return d;
    }));
    this.keyList.hidden = keys.length === 0;
    this.pre.textContent = toJson(a.raw);
  }
}

function icon(state: string): HTMLElement {
  const s = document.createElement('span');
  s.className = 'badge-icon';
  s.setAttribute('aria-hidden', 'true');
  s.textContent = state === 'hit' ? '✕' : state === 'miss' ? '○' : state === 'error' ? '!' : '·';
  return s;
}
