/**
 * Tables read as records. A table whose first row (or thead) is all header cells gives one
 * record per body row (header -> cell); a two-column key/value table (`th|td` or `td|td` rows)
 * gives a single record (key -> value).
 */
import type { Element } from 'domhandler';
import type { PageContext } from './page-context.js';

function cells(row: Element): Element[] {
  return row.children.filter((c): c is Element => c.type === 'tag' && (c.name === 'td' || c.name === 'th'));
}

export function readTables(ctx: PageContext, selector: string, within: Element | null): Array<Record<string, string>> {
  const $ = ctx.$;
  let tables: Element[];
  try {
    tables = (within ? $(within).find(selector).addBack(selector) : $(selector)).toArray() as Element[];
  } catch {
    return [];
  }
  const out: Array<Record<string, string>> = [];
  for (const table of tables) {
    const rows = $(table).find('tr').toArray().filter((r) => $(r).closest('table')[0] === table) as Element[];
    if (rows.length === 0) continue;
    const first = cells(rows[0]);
    const headerRow = first.length > 0 && first.every((c) => c.name === 'th');
    if (headerRow && first.length > 1) {
      const headers = first.map((c) => ctx.text(c));
      for (const row of rows.slice(1)) {
        const record: Record<string, string> = {};
        cells(row).forEach((c, i) => {
          const key = headers[i] || `column_${i + 1}`;
          record[key] = ctx.text(c);
        });
        if (Object.keys(record).length > 0) out.push(record);
      }
      continue;
    }
    const record: Record<string, string> = {};
    for (const row of rows) {
      const cs = cells(row);
      if (cs.length < 2) continue;
      const key = ctx.text(cs[0]);
      if (key && record[key] === undefined) record[key] = ctx.text(cs[1]);
    }
    if (Object.keys(record).length > 0) out.push(record);
  }
  return out;
}
