/** `--param k=v` values: JSON when the text parses as JSON (numbers, booleans, arrays), else the text itself. */
import { UsageError } from './io.js';

export function parseParams(pairs: string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param expects key=value, got "${pair}"`);
    params[pair.slice(0, eq)] = parseValue(pair.slice(eq + 1));
  }
  return params;
}

export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
