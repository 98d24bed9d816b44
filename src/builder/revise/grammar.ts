/**
 * The grammar of revision requests (no language model): each clause is matched against a short,
 * ordered table of patterns, first match wins. The table is the documentation's table
 * (docs/revisions.md); keep both in step. Names stay in the clause's words here; resolve.ts
 * looks them up in the recipe.
 *
 * Order matters where patterns overlap: "make limit default to 50" is a default before it could
 * be read as a type change, "add a search endpoint" is an endpoint before it could be read as a
 * field named "search endpoint", and symptom words ("empty", "broken") are tried last because
 * they also occur inside other requests.
 */
import { splitClauses, unquote } from './clauses.js';
import type { EndpointKind, FieldType, NameTarget, RawIntent } from './types.js';

interface Pattern {
  name: string;
  re: RegExp;
  build(m: RegExpExecArray): RawIntent | null;
}

const KIND_WORD = /\s*\b(endpoint|operation|method|field|column|key|property|attribute|output field|param(?:eter)?|argument|input|option)s?\b\s*/i;

/** "the id parameter" -> {name: "id", target: "param"}. */
export function splitTarget(text: string): { name: string; target?: NameTarget } {
  let t = unquote(text.replace(/^(?:the|a|an|its|their|our|my)\s+/i, ''));
  let target: NameTarget | undefined;
  const m = KIND_WORD.exec(t);
  if (m && (m.index === 0 || m.index + m[0].length === t.length)) {
    const word = m[1].toLowerCase();
    target = /^(endpoint|operation|method)$/.test(word) ? 'endpoint' : /^(param|parameter|argument|input|option)$/.test(word) ? 'param' : 'field';
    t = unquote((t.slice(0, m.index) + ' ' + t.slice(m.index + m[0].length)).trim().replace(/^(?:the|a|an)\s+/i, ''));
  }
  return { name: t, target };
}

/** "defaulting to 10 on list_books" -> the endpoint named at the end, when a preposition introduces one. */
function tailEndpoint(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /(?:^|\s)(?:to|in|on|for|of|from|into)\s+(?:the\s+)?([\w`'"-]+)(?:\s+endpoint)?\s*$/i.exec(text);
  return m ? unquote(m[1]) : undefined;
}

function tailValue(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const m = /\bdefault(?:ing|s)?\s*(?:to|=|of|value(?: of)?|at)?\s*["']?([\w.-]+)["']?/i.exec(text);
  return m?.[1];
}

const TYPE_WORDS: Record<string, FieldType> = {
  number: 'number', numeric: 'number', float: 'number', decimal: 'number', double: 'number',
  integer: 'integer', int: 'integer', 'whole number': 'integer',
  string: 'string', text: 'string',
  boolean: 'boolean', bool: 'boolean', 'true/false': 'boolean', 'yes/no': 'boolean',
};
const TYPE = '(number|numeric|integer|int|float|decimal|double|whole number|string|text|boolean|bool|true/false|yes/no)s?';

function endpointKind(word: string): EndpointKind {
  const w = word.toLowerCase();
  if (/^(search|find|query|look ?up by)/.test(w)) return 'search';
  if (/^(list|browse|catalog|index|all|return|enumerat)/.test(w)) return 'list';
  return 'detail';
}

/** "the books" / "for authors" -> "books". */
function nounOf(text: string | undefined): string | undefined {
  const t = (text ?? '')
    .replace(/^\s*(?:for|of|over|through|in|on|by|the|all|every|each|a|an|one|single|specific|)\s+/gi, '')
    .replace(/\s+(?:by|with|from|using|on)\b.*$/i, '')
    .trim();
  const word = /^([a-z][a-z-]{2,})$/i.exec(t)?.[1];
  return word && !/^(endpoint|results?|items?|things?|records?|data|them|it|site|website|page|pages)$/i.test(word) ? word.toLowerCase() : undefined;
}

const SYMPTOM =
  /\b(empty|missing|wrong|broken|null|nulls|blank|incorrect|invalid|garbage|nothing|no (?:results?|data|records?|items?|values?)|an? error|errors|an exception|failing|fails|failed|stale|outdated|gone|undefined|truncated|incomplete|inaccurate|crash(?:es|ed|ing)?|(?:does ?n[o']?t|do ?n[o']?t|is ?n[o']?t|are ?n[o']?t|won'?t|can'?t|cannot|no longer|stopped|not) (?:work|working|load|loading|return(?:ing)? anything|return(?:ing)? data|extract(?:ing)?)\w*|broke|breaks)\b(.*)$/i;
const SUBJECT_TAIL =
  /(?:\s+(?:is|are|was|were|seems?|seem to be|looks?|comes? back|came back|returns?|returned|returning|gives?|gave|giving|shows?|showing|now|always|sometimes|still|often|keeps?|kept|has|have|had|been|getting|gets|currently|coming back|all|just|suddenly|as))*\s*$/i;

const PATTERNS: Pattern[] = [
  // --- fix, when the clause starts with the verb ---
  {
    name: 'fix',
    re: /^(?:fix|repair|heal|debug|re-?induce|re-?learn|refresh|redo|rebuild)(?:\s+(?:up\s+)?(.+))?$/i,
    build: (m) => ({ op: 'fix', subject: m[1]?.trim() || undefined, symptom: m[0] }),
  },
  // --- rename ---
  { name: 'rename', re: /^rename\s+(.+?)\s+(?:to|as|into)\s+(.+)$/i, build: (m) => rename(m[1], m[2]) },
  { name: 'rename', re: /^change\s+(?:the\s+)?name\s+of\s+(.+?)\s+to\s+(.+)$/i, build: (m) => rename(m[1], m[2]) },
  { name: 'rename', re: /^(?:the\s+)?(.+?)\s+should\s+be\s+(?:called|named|renamed(?:\s+to)?)\s+(.+)$/i, build: (m) => rename(m[1], m[2]) },
  { name: 'rename', re: /^(?:call|name)\s+(.+?)\s+["'`]?([A-Za-z_][\w-]*)["'`]?(?:\s+instead)?$/i, build: (m) => rename(m[1], m[2]) },
  { name: 'rename', re: /^use\s+["'`]?([A-Za-z_][\w-]*)["'`]?\s+as\s+(?:the\s+)?name\s+(?:of|for)\s+(.+)$/i, build: (m) => rename(m[2], m[1]) },
  // --- parameter defaults and bounds ---
  { name: 'param_default', re: /^(?:make|have|let|set)\s+(?:the\s+)?(.+?)\s+default\s+(?:to|=|at|of)\s+(.+)$/i, build: (m) => paramValue('param_default', m[1], m[2]) },
  { name: 'param_default', re: /^(?:set|change|make|update|use)\s+(?:the\s+)?default(?:\s+value)?\s+(?:of\s+|for\s+)?(?:the\s+)?(.+?)\s+(?:to|=|at|as)\s+(.+)$/i, build: (m) => paramValue('param_default', m[1], m[2]) },
  { name: 'param_default', re: /^(?:the\s+)?default(?:\s+value)?\s+(?:of\s+|for\s+)?(?:the\s+)?(.+?)\s+(?:should\s+be|must\s+be|is|=)\s+(.+)$/i, build: (m) => paramValue('param_default', m[1], m[2]) },
  { name: 'param_default', re: /^(?:the\s+)?(.+?)\s+(?:should\s+)?defaults?\s+(?:to|=|at)\s+(.+)$/i, build: (m) => paramValue('param_default', m[1], m[2]) },
  { name: 'param_maximum', re: /^(?:allow|let|permit)\s+(?:the\s+)?(.+?)\s+(?:to\s+)?(?:go\s+|be\s+)?(?:up\s+to|as\s+(?:high|large|big|much)\s+as|at\s+most)\s+(\d+)$/i, build: (m) => paramValue('param_maximum', m[1], m[2]) },
  { name: 'param_maximum', re: /^(?:set|raise|increase|lower|change|make)\s+(?:the\s+)?(?:max(?:imum)?|upper\s+(?:limit|bound)|cap)\s+(?:of|for|on)\s+(?:the\s+)?(.+?)\s+(?:to|=|at)\s+(\d+)$/i, build: (m) => paramValue('param_maximum', m[1], m[2]) },
  { name: 'param_maximum', re: /^(?:the\s+)?(.+?)\s+(?:should|can|must)\s+(?:go|be)\s+(?:up\s+to|as\s+(?:high|large|big)\s+as|at\s+most)\s+(\d+)$/i, build: (m) => paramValue('param_maximum', m[1], m[2]) },
  // --- new parameters ---
  {
    name: 'add_param',
    re: /^(?:add|support|accept|allow|take|introduce|expose)(?:\s+(?:a|an|the))?(?:\s+(?:new|optional))?\s+(?:param(?:eter)?|argument|option|input)\s+(?:called\s+|named\s+)?["'`]?([\w-]+)["'`]?(.*)$/i,
    build: (m) => ({ op: 'add_param', param: unquote(m[1]), value: tailValue(m[2]), endpoint: tailEndpoint(stripDefault(m[2])) }),
  },
  {
    name: 'add_param',
    re: /^(?:add|support|accept|allow|take|introduce|expose)(?:\s+(?:a|an|the))?(?:\s+(?:new|optional))?\s+(.+?)\s+(?:param(?:eter)?|argument|option|input)\b(.*)$/i,
    build: (m) => ({ op: 'add_param', param: unquote(m[1]), value: tailValue(m[2]), endpoint: tailEndpoint(stripDefault(m[2])) }),
  },
  {
    name: 'add_param',
    re: /^let\s+(?:me|callers|users|clients|people|us)\s+(?:choose|set|pick|pass|specify|control)\s+(?:the\s+)?(page\s*size|page|limit|number of (?:results|records|items)|how many (?:results|records|items))(.*)$/i,
    build: (m) => ({ op: 'add_param', param: m[1], endpoint: tailEndpoint(m[2]) }),
  },
  // --- types of fields ---
  {
    name: 'retype',
    re: new RegExp(`^(?:the\\s+)?(.+?)\\s+(?:is|are)\\s+(?:an?\\s+)?${TYPE},?\\s+(?:but\\s+)?(?:it\\s+|they\\s+)?should\\s+be\\s+(?:an?\\s+)?${TYPE}$`, 'i'),
    build: (m) => retype(m[1], m[3]),
  },
  {
    name: 'retype',
    re: new RegExp(`^(?:make|return|give|have|change|convert|turn|output|type|cast)\\s+(.+?)\\s+(?:field\\s+|value\\s+)?(?:as|into|to|be)?\\s*(?:an?\\s+)?${TYPE}(?:\\s+values?)?$`, 'i'),
    build: (m) => retype(m[1], m[2]),
  },
  {
    name: 'retype',
    re: new RegExp(`^(?:the\\s+)?(.+?)\\s+should\\s+(?:be|come\\s+back\\s+as|be\\s+returned\\s+as|be\\s+typed\\s+as)\\s+(?:an?\\s+)?${TYPE}$`, 'i'),
    build: (m) => retype(m[1], m[2]),
  },
  // --- descriptions ---
  { name: 'describe', re: /^(?:describe|document)\s+(.+?)\s+as\s*:?\s+(.+)$/i, build: (m) => describe(m[1], m[2]) },
  { name: 'describe', re: /^(?:change|set|update|make|rewrite)\s+(?:the\s+)?description\s+(?:of|for)\s+(.+?)\s*(?:to|as|:)\s+(.+)$/i, build: (m) => describe(m[1], m[2]) },
  { name: 'describe', re: /^(?:the\s+)?description\s+(?:of|for)\s+(.+?)\s+should\s+(?:be|say|read)\s*:?\s+(.+)$/i, build: (m) => describe(m[1], m[2]) },
  { name: 'describe', re: /^(.+?)(?:'s)?\s+description\s+(?:should\s+(?:be|say|read)|is)\s*:?\s+(.+)$/i, build: (m) => describe(m[1], m[2]) },
  // --- removals ---
  {
    name: 'remove',
    re: /^(?:remove|delete|drop|exclude|hide|omit|strip|get\s+rid\s+of|take\s+out|leave\s+out|don'?t\s+(?:return|include|show)|do\s+not\s+(?:return|include|show)|stop\s+returning|no\s+longer\s+return)\s+(.+?)(?:\s+(?:from|in|of|on)\s+(?:the\s+)?([\w`'"-]+)(?:\s+endpoint)?)?$/i,
    build: (m) => remove(m[1], m[2]),
  },
  {
    name: 'remove',
    re: /^(?:i|we)\s+(?:don'?t|do\s+not)\s+(?:need|want|use)\s+(.+?)(?:\s+(?:from|in)\s+(?:the\s+)?([\w`'"-]+)(?:\s+endpoint)?)?(?:\s+any\s*more)?$/i,
    build: (m) => remove(m[1], m[2]),
  },
  // --- new endpoints (before fields: "add a search endpoint" is not a field) ---
  {
    name: 'add_endpoint',
    re: /^(?:add|create|make|build|give\s+me|generate|expose|provide|i\s+want|i\s+need|we\s+need|include|support)(?:\s+me)?(?:\s+(?:a|an|another|one\s+more|the))?(?:\s+new)?\s+(search|searching|list|listing|browse|browsing|catalog(?:ue)?|index|detail|details|lookup|look-up|get|single[- ]item)(?:\s+([a-z]+))?\s+(?:endpoint|operation|method|call|function)s?\b(.*)$/i,
    build: (m) => ({ op: 'add_endpoint', kind: endpointKind(m[1]), noun: nounOf(m[2]) ?? nounOf(m[3]) }),
  },
  {
    name: 'add_endpoint',
    re: /^(?:add|create|make|build|give\s+me|generate|expose|provide|i\s+want|i\s+need|we\s+need)(?:\s+me)?(?:\s+(?:a|an|another|one\s+more|the))?(?:\s+new)?\s+(?:endpoint|operation|method|way|call|function)\s+(?:to\s+|that\s+|which\s+|for\s+)?(search(?:es|ing)?|find(?:s|ing)?|list(?:s|ing)?|browse(?:s|ing)?|enumerat\w*|get(?:s|ting)?|fetch(?:es|ing)?|look(?:s|ing)?\s+up|read(?:s|ing)?|return(?:s|ing)?\s+(?:all|every|the\s+list))\b(.*)$/i,
    build: (m) => ({ op: 'add_endpoint', kind: endpointKind(m[1]), noun: nounOf(m[2]) }),
  },
  {
    name: 'add_endpoint',
    re: /^(?:let\s+(?:me|us|users|callers)|allow\s+(?:me|us|users|callers)\s+to|i\s+want\s+to|i\s+need\s+to|i'?d\s+like\s+to|make\s+it\s+possible\s+to)\s+(search|find|look\s+up|browse|list)\b(.*)$/i,
    build: (m) => ({ op: 'add_endpoint', kind: endpointKind(m[1]), noun: nounOf(m[2]) }),
  },
  { name: 'add_endpoint', re: /^(?:add|support|enable)\s+(search|searching|a\s+search)$/i, build: () => ({ op: 'add_endpoint', kind: 'search' }) },
  // --- new fields ---
  {
    name: 'add_fields',
    re: /^(?:also\s+|additionally\s+)?(?:return|include|add|extract|get|give(?:\s+me)?|show|expose|scrape|capture|fetch|provide|output|collect|grab|pull)(?:\s+also)?(?:\s+(?:the|their|its))?(?:\s+(?:fields?|columns?|attributes?|properties))?\s+(.+?)(?:\s+(?:fields?|columns?|too|as\s+well|also))?(?:\s+(?:to|in|on|for|from|into)\s+(?:the\s+)?([\w`'"-]+)(?:\s+endpoint)?)?$/i,
    build: (m) => ({ op: 'add_fields', fields: [m[1]], endpoint: m[2] ? unquote(m[2]) : undefined }),
  },
  {
    name: 'add_fields',
    re: /^(?:i|we)\s+(?:also\s+)?(?:want|need|would\s+like|'d\s+like)(?:\s+to\s+(?:get|see|have))?(?:\s+(?:the|their|its))?\s+(.+?)(?:\s+(?:too|as\s+well|also))?(?:\s+(?:in|on|for|from)\s+(?:the\s+)?([\w`'"-]+)(?:\s+endpoint)?)?$/i,
    build: (m) => ({ op: 'add_fields', fields: [m[1]], endpoint: m[2] ? unquote(m[2]) : undefined }),
  },
  {
    name: 'add_fields',
    re: /^(?:it|the\s+api|the\s+endpoint|([\w`'"-]+))\s+should\s+(?:also\s+)?(?:return|include|have|contain|give|show)(?:\s+(?:the|their|its))?\s+(.+?)(?:\s+(?:too|as\s+well))?$/i,
    build: (m) => ({ op: 'add_fields', fields: [m[2]], endpoint: m[1] ? unquote(m[1]) : undefined }),
  },
  // --- fix, from a symptom ---
  {
    name: 'fix',
    re: /\b(only (?:returns? )?(?:the )?first page|only (?:returns? )?(?:the )?first \d+|stops? (?:after|at) (?:the )?first page|never (?:goes|gets) past (?:the )?first page|no (?:more|other|further) pages?|(?:next|other|more|later) pages? (?:are|is|come back|comes back) (?:missing|empty|ignored|never)|pagination (?:is |does ?n[o']?t |has )?\w+)\b/i,
    build: (m) => ({ op: 'fix', subject: 'pagination', symptom: m[0] }),
  },
  {
    name: 'fix',
    re: /^(?:the\s+)?(?:site|website|page|pages|layout|template|markup|html|design|theme|structure)s?\s+(?:has\s+|have\s+|was\s+|were\s+)?(?:changed|been\s+redesigned|redesigned|moved|updated)\b.*$/i,
    build: (m) => ({ op: 'fix', symptom: m[0] }),
  },
  {
    name: 'fix',
    re: /^(.*)$/i,
    build: (m) => {
      const s = SYMPTOM.exec(m[1]);
      if (!s) return null;
      const subject = m[1].slice(0, s.index).replace(SUBJECT_TAIL, '').replace(/'s$/i, '').trim();
      return { op: 'fix', subject: subject || undefined, symptom: (s[1] + (s[2] ?? '')).trim() };
    },
  },
];

function stripDefault(text: string | undefined): string | undefined {
  return text?.replace(/,?\s*(?:with\s+)?(?:a\s+)?default(?:ing|s)?\b.*$/i, '');
}

function rename(from: string, to: string): RawIntent | null {
  const f = splitTarget(from);
  const t = splitTarget(to);
  if (!f.name || !t.name || /\band\b|,/i.test(t.name) || t.name.split(/\s+/).length > 3) return null;
  return { op: 'rename', target: f.target ?? t.target, from: f.name, to: t.name };
}

function paramValue(op: 'param_default' | 'param_maximum', param: string, value: string): RawIntent | null {
  const p = splitTarget(param);
  const scoped = /^(.+?)\s+(?:of|for|on|in)\s+(?:the\s+)?([\w`'"-]+)(?:\s+endpoint)?$/i.exec(p.name);
  const v = unquote(value);
  if (!v) return null;
  return { op, param: scoped ? scoped[1] : p.name, value: v, endpoint: scoped ? unquote(scoped[2]) : undefined };
}

function retype(field: string, typeWord: string): RawIntent | null {
  const type = TYPE_WORDS[typeWord.toLowerCase().replace(/s$/, '')] ?? TYPE_WORDS[typeWord.toLowerCase()];
  if (!type) return null;
  const f = splitTarget(field);
  const scoped = /^(.+?)\s+(?:of|in|on|from)\s+(?:the\s+)?([\w`'"-]+)(?:\s+endpoint)?$/i.exec(f.name);
  return { op: 'retype', field: scoped ? scoped[1] : f.name, type, endpoint: scoped ? unquote(scoped[2]) : undefined };
}

function describe(target: string, description: string): RawIntent | null {
  const t = splitTarget(target);
  const d = unquote(description);
  if (!t.name || !d) return null;
  return { op: 'describe', target: t.target, name: t.name, description: d };
}

function remove(names: string, endpoint: string | undefined): RawIntent | null {
  const t = splitTarget(names);
  if (!t.name) return null;
  return {
    op: 'remove',
    target: t.target === 'param' ? undefined : t.target,
    names: [t.name],
    endpoint: endpoint ? unquote(endpoint) : undefined,
  };
}

export interface ParsedClause {
  clause: string;
  /** Null when no pattern of the grammar reads the clause. */
  intent: RawIntent | null;
  pattern: string | null;
}

export function parseClause(clause: string): ParsedClause {
  for (const p of PATTERNS) {
    const m = p.re.exec(clause);
    if (!m) continue;
    const intent = p.build(m);
    if (intent) return { clause, intent, pattern: p.name };
  }
  return { clause, intent: null, pattern: null };
}

/**
 * Every clause of the sentence, read by the grammar. A clause no pattern reads is tried once
 * more cut at its "and"s ("rename X to Y and frobnicate Z"), so the part that is understood is
 * kept and the part that is not is named precisely.
 */
export function parseRevision(sentence: string): ParsedClause[] {
  return splitClauses(sentence).flatMap((clause) => {
    const parsed = parseClause(clause);
    if (parsed.intent) return [parsed];
    const parts = clause.split(/\s*,?\s+and\s+|,\s+/i).filter(Boolean);
    if (parts.length < 2) return [parsed];
    const each = parts.map(parseClause);
    return each.some((p) => p.intent) ? each : [parsed];
  });
}
