/**
 * Cutting a revision sentence into clauses, one request each: at sentence punctuation, at
 * "then", and at "and"/commas followed by a request verb ("rename X to Y and add a search
 * endpoint"). An "and" inside a list of fields ("the author and the ISBN") is not followed by a
 * verb, so the list stays whole. Quoted text (a description) is never cut.
 */

/** Words that open a request; an "and" or a comma before one of them starts a new clause. */
const VERB =
  '(?:also\\s+)?(?:please\\s+)?(?:rename|add|remove|delete|drop|make|fix|repair|change|set|describe|document|include|return|give|show|expose|let|call|allow|support|create|build|convert|turn|hide|omit|exclude|i want|i need|we need)\\b';
const JOIN = new RegExp(`\\s*(?:,\\s*(?:and\\s+)?|\\s+and\\s+)(?=${VERB})`, 'i');
const POLITE_HEAD =
  /^(?:please|pls|kindly|hey|hi|hello|ok(?:ay)?|so|also(?=,)|can you|could you|would you|will you|i'?d like (?:you )?to|i would like (?:you )?to|i want you to|i need you to|we need you to|you should|let'?s|go ahead and|just)[,\s]+/i;
const POLITE_TAIL = /[,\s]+(?:please|pls|thanks?(?: you)?(?: so much)?|thx|if possible|if you can)$/i;
const FILLER = /^(?:thanks?(?: you)?(?: so much| a lot)?|thx|cheers|please|ok(?:ay)?|that'?s (?:it|all)|great|nice|cool|perfect)$/i;

/** Replace quoted passages by placeholders so punctuation inside them does not cut clauses. */
function protectQuotes(text: string): { text: string; quotes: string[] } {
  const quotes: string[] = [];
  const keep = (q: string) => `\u0000${quotes.push(q) - 1}\u0000`;
  const out = text
    .replace(/"[^"]*"|“[^”]*”|`[^`]*`/g, keep)
    .replace(/(^|\s)'([^']+)'(?=\s|$|[.,;!?])/g, (_m, pre: string, body: string) => `${pre}${keep(`'${body}'`)}`);
  return { text: out, quotes };
}

function restoreQuotes(text: string, quotes: string[]): string {
  return text.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => quotes[Number(i)]);
}

/** Polite openers and closers removed; what is left is the request itself. */
export function tidyClause(clause: string): string {
  let c = clause.trim().replace(/\s+/g, ' ').replace(/[.!?;,:]+$/, '').trim();
  for (let before = ''; before !== c; ) {
    before = c;
    c = c.replace(POLITE_HEAD, '').replace(POLITE_TAIL, '').trim();
  }
  return c;
}

export function splitClauses(sentence: string): string[] {
  const { text, quotes } = protectQuotes(sentence.replace(/\r/g, ''));
  return text
    .split(/(?<=[.!?;])\s+|\n+|;\s*|,?\s+(?:and\s+)?then\s+/i)
    .flatMap((part) => part.split(JOIN))
    .map((part) => tidyClause(restoreQuotes(part, quotes)))
    .filter((part) => part.length > 0 && !FILLER.test(part));
}

/** `"get_book"`, `'get_book'`, `` `get_book` `` -> get_book. */
export function unquote(text: string): string {
  return text
    .trim()
    .replace(/^["'`“‘]+|["'`”’]+$/g, '')
    .replace(/\(\)$/, '')
    .trim();
}
