/**
 * Candidates from the page's headline (titles) and bylines (people): the h1, headings whose
 * text is part of the document title, and "by X" lines in several languages.
 */
import type { Element } from 'domhandler';
import { fold, type PageContext } from '../../recipe/extract/index.js';
import { inFurniture } from './furniture.js';
import { anchoredSelector, structuralSelector } from './selectors.js';
import type { Candidate, InduceContext } from './types.js';

/** The document title and og:title, folded: what a page says its own name is. */
export function documentTitle(page: PageContext): string {
  const $ = page.$;
  const og = page.metaTags().get('og:title')?.[0] ?? '';
  const tw = page.metaTags().get('twitter:title')?.[0] ?? '';
  return fold(`${$('title').first().text()} ${og} ${tw}`);
}

export function headingCandidates(ctx: InduceContext): Candidate[] {
  const out = new Map<string, Candidate>();
  const add = (c: Candidate): void => {
    const key = JSON.stringify(c.source);
    if (!out.has(key)) out.set(key, c);
  };
  add({ source: { css: 'h1' }, kind: 'heading', prior: 0.78, describe: 'css h1' });
  // The document title, usually with the site's name around it (removed by affix learning).
  add({ source: { css: 'head > title' }, kind: 'heading', prior: 0.45, describe: 'css title' });
  for (const page of ctx.pages) {
    const $ = page.$;
    const title = documentTitle(page);
    const headings = $('body h1, body h2, body h3').toArray().slice(0, 30) as Element[];
    for (const el of headings) {
      const text = fold(page.text(el));
      if (text.length < 2 || !title.includes(fold(ownOrFull(page, el)))) continue;
      const selector = anchoredSelector($, el) ?? (el.name === 'h1' ? 'h1' : null);
      if (!selector || inFurniture(el)) continue;
      const prior = el.name === 'h1' ? 0.76 : 0.62;
      add({ source: { css: selector }, kind: 'heading', prior, describe: `css ${selector}` });
      if (hasQualifierTail(page, el)) {
        add({ source: { css: selector, text_mode: 'own' }, kind: 'heading', prior: prior + 0.03, describe: `css ${selector} (own text)` });
      }
    }
  }
  return [...out.values()];
}

function ownOrFull(page: PageContext, el: Element): string {
  const own = el.children.filter((c) => c.type === 'text').map((c) => (c as unknown as { data: string }).data).join(' ');
  return own.trim() ? own : page.text(el);
}

/**
 * A heading whose own text comes first and whose child elements only add a qualifier in
 * brackets ("Title <span>(Hardcover)</span>"): the own text is the title.
 */
function hasQualifierTail(page: PageContext, el: Element): boolean {
  const full = page.text(el);
  const own = el.children.filter((c) => c.type === 'text').map((c) => (c as unknown as { data: string }).data).join(' ').replace(/\s+/g, ' ').trim();
  if (!own || own === full || !full.startsWith(own)) return false;
  const tail = full.slice(own.length).trim();
  return /^[([{].*[)\]}]$/.test(tail) || /^[-|:–—]/.test(tail);
}

/** "by" in bylines: en, es/pt, nl, de, fr, pl, it, sv/no, da. */
const BY_WORDS = 'by|written by|por|door|von|par|przez|di|av|af';
const BY = new RegExp(`^\\s*(?:${BY_WORDS})\\s+\\S`, 'i');
const BY_CLEAN = `^\\s*(?:${BY_WORDS})\\s+`;

export function bylineCandidates(ctx: InduceContext): Candidate[] {
  const out = new Map<string, Candidate>();
  for (const page of ctx.pages) {
    const $ = page.$;
    for (const el of $('body *').toArray() as Element[]) {
      if (el.name === 'script' || el.name === 'style') continue;
      const own = el.children.filter((c) => c.type === 'text').map((c) => (c as unknown as { data: string }).data).join(' ');
      const ownTrim = own.replace(/\s+/g, ' ').trim();
      if (!ownTrim || !BY.test(`${ownTrim} x`)) continue;
      const full = page.text(el);
      if (full.length > 150 || !BY.test(full)) continue;
      const selector = anchoredSelector($, el);
      if (!selector || inFurniture(el)) continue;
      const links = $(el).find('a').length;
      if (links > 0) {
        out.set(`${selector} a`, { source: { css: `${selector} a` }, kind: 'byline', prior: 0.64, describe: `byline ${selector} a` });
      }
      out.set(selector, {
        source: { css: selector },
        kind: 'byline',
        clean: [{ op: 'replace', pattern: BY_CLEAN, replacement: '', flags: 'i' }],
        prior: 0.58,
        describe: `byline ${selector}`,
      });
    }
  }
  for (const c of roleCandidates(ctx)) out.set(JSON.stringify(c.source), c);
  // rel="author" links name the author in HTML itself.
  const relAuthor = 'a[rel~="author"]';
  if (ctx.pages.some((p) => p.$(relAuthor).length > 0)) {
    out.set(relAuthor, { source: { css: relAuthor }, kind: 'byline', prior: 0.66, describe: `byline ${relAuthor}` });
  }
  return [...out.values()].slice(0, 24);
}

const ROLE = /^\s*[([]\s*(?:author|authors|autor|autora|autores|auteur|auteurs|autore|autori|verfasser|schrijver|auteur|writer|editor|illustrator|contributor)\b/i;

/** Names followed by their role, "<a>Ann Lee</a> (Author)": the links of the block holding them. */
function roleCandidates(ctx: InduceContext): Candidate[] {
  const out: Candidate[] = [];
  for (const page of ctx.pages) {
    const $ = page.$;
    const named = ($('body a').toArray() as Element[]).filter((a) => {
      const next = a.next;
      return next?.type === 'text' && ROLE.test((next as unknown as { data: string }).data) && !inFurniture(a);
    });
    if (named.length === 0) continue;
    // The closest block holding every such link.
    let block: Element | null = named[0].parent as Element | null;
    while (block && block.type === 'tag' && !named.every((a) => $(block!).find(a).length > 0 || block === a.parent)) {
      block = block.parent as Element | null;
    }
    if (!block || block.type !== 'tag') continue;
    const selector = anchoredSelector($, block) ?? structuralSelector($, block);
    if (selector) out.push({ source: { css: `${selector} a` }, kind: 'byline', prior: 0.62, describe: `byline ${selector} a (roles)` });
  }
  return out;
}
