/**
 * "The value next to a label": the way most detail pages show attributes to people.
 * Recognised layouts (labels compared case- and diacritic-insensitively, trailing colon optional):
 * - table rows: `<tr><th>Label</th><td>value</td></tr>` (or two tds), and header cells over a column;
 * - definition lists: `<dt>Label</dt><dd>value</dd>`;
 * - a label element followed by text: `<li><strong>Label</strong>: value</li>`, `<span>Label</span><span>value</span>`;
 * - "Label: value" as the start of an element's own text: `<li>Label: value</li>`.
 */
import type { AnyNode, Element } from 'domhandler';
import type { PageContext } from './page-context.js';
import { collapseWhitespace, fold, isBlock, isHeading, isInvisible, ownText } from './text.js';
import { withoutEntityParts } from './entity-parts.js';

export interface LabelMatch {
  /** The element holding the value (the label's parent for inline values). */
  el: Element;
  /** The label element itself. */
  labelEl: Element;
  value: string;
}

/** Fold a label for comparison: case, diacritics, white space, trailing colon or dots. */
export function foldLabel(s: string): string {
  return fold(s).replace(/^[\s*•·\-–]+/, '').replace(/[\s:：.*\-–]+$/, '');
}

const SEPARATOR = /^\s*[:：]\s*/;
const OPENING = /^\s*[〈《【「『（［(\[]\s*/u;
const CLOSING = /\s*[〉》】」』）］)\]]\s*$/u;
/** What may follow a label in "Label: value" text: an abbreviation's dot may come first ("Art.-Nr.: 4711"). */
const LABEL_END = /^[\s.]*[:：]/;

/** Every value found next to one of the labels inside `within` (or the page), in document order. */
export function labelValues(ctx: PageContext, labels: string[], within: Element | null): LabelMatch[] {
  const wanted = new Set(labels.map(foldLabel).filter(Boolean));
  if (wanted.size === 0) return [];
  const maxLen = Math.max(...[...wanted].map((l) => l.length)) + 8;
  const out: LabelMatch[] = [];
  // The same value read twice from one element (via its <strong> label and via its own
  // "Label: value" text) counts once.
  const seen = new Map<Element, Set<string>>();
  const push = (m: LabelMatch | null): void => {
    if (!m) return;
    const value = collapseWhitespace(m.value.replace(SEPARATOR, ''));
    if (!value || wanted.has(foldLabel(value))) return;
    const values = seen.get(m.el) ?? new Set<string>();
    if (values.has(value)) return;
    values.add(value);
    seen.set(m.el, values);
    out.push({ ...m, value });
  };
  const index = labelIndex(ctx);
  const entries = within ? scopedEntries(ctx, index, within) : index.entries;
  for (const entry of entries) {
    if (entry.exact !== null && entry.exact.length <= maxLen && wanted.has(entry.exact)) {
      for (const m of valuesBesideLabel(ctx, entry.el)) push(m);
      continue;
    }
    // A heading that names its section and qualifies it in words ("Zutaten für 4 Personen"); a
    // heading whose label is followed by a number states a value ("Pour 2 personnes").
    if (entry.exact !== null && isHeading(entry.el) && entry.exact.length <= MAX_QUALIFIED_HEADING && [...wanted].some((l) => qualifies(entry.exact!, l))) {
      const section = sectionItems(ctx, entry.el);
      if (section) {
        for (const m of section) push(m);
        continue;
      }
    }
    if (entry.lead !== null && wanted.has(entry.lead)) {
      push(leadValue(ctx, entry.el));
      continue;
    }
    if (entry.ownPrefix === null) continue;
    for (const label of wanted) {
      if (!entry.ownPrefix.startsWith(label)) continue;
      const rest = entry.ownPrefix.slice(label.length);
      if (LABEL_END.test(rest)) {
        push(inlineValue(ctx, entry.el, label));
        break;
      }
      // "Serves 4", "Prep 10 mins": a short line whose label is followed by a number.
      if (entry.short && /^\s+\d/.test(rest)) {
        push({ el: entry.el, labelEl: entry.el, value: ctx.text(entry.el).slice(label.length) });
        break;
      }
    }
  }
  return out;
}

interface IndexEntry {
  el: Element;
  /** The element's whole text folded as a label, when short enough to be one. */
  exact: string | null;
  /** The start of its own text, folded, when it holds a separator ("Label: value") or a number. */
  ownPrefix: string | null;
  /**
   * The text before its first child element, folded, when the rest is inline elements: "Recipe
   * by" in `<p>Recipe by <a>Ann Lee</a></p>` labels the link's text.
   */
  lead: string | null;
  /** Its whole text is a short line ("Serves 4"): a label may be followed by the value without a colon. */
  short: boolean;
}

interface LabelIndex {
  entries: IndexEntry[];
  byElement: Map<Element, IndexEntry>;
}

const MAX_LABEL_TEXT = 120;
const FORM_CONTROLS = new Set(['select', 'option', 'optgroup', 'textarea', 'input', 'button', 'datalist']);
const indexes = new WeakMap<PageContext, LabelIndex>();

/** Folded label texts of every visible element, computed once per page (label search is hot during induction). */
function labelIndex(ctx: PageContext): LabelIndex {
  const hit = indexes.get(ctx);
  if (hit) return hit;
  const entries: IndexEntry[] = [];
  const byElement = new Map<Element, IndexEntry>();
  const visit = (el: Element, inNavigation: boolean): void => {
    // Form controls ("-- Author" in a search box's <select>) neither label nor hold values.
    if (isInvisible(el) || FORM_CONTROLS.has(el.name)) return;
    // Menus and footers repeat section names ("Ingredients", "Authors") that label nothing here.
    const navigation = inNavigation || isNavigation(el);
    const raw = ctx.rawText(el);
    const short = raw.length <= MAX_LABEL_TEXT * 4 ? collapseWhitespace(raw) : '';
    const exact = short && short.length <= MAX_LABEL_TEXT ? foldLabel(short) : null;
    const own = ownText(el);
    const shortLine = short.length > 0 && short.length <= 40 && /^[^\d]{2,30}\s\d/.test(short) && fold(own).trim().length > 0;
    const ownPrefix = /[:：]/.test(own) || shortLine ? fold(own.slice(0, MAX_LABEL_TEXT + 20)).trim().replace(OPENING, '') : null;
    const entry = navigation
      ? { el, exact: null, ownPrefix: null, lead: null, short: false }
      : { el, exact: el.name === 'img' ? iconLabel(ctx, el) : exact, ownPrefix, lead: leadingLabel(el), short: shortLine };
    entries.push(entry);
    byElement.set(el, entry);
    for (const child of el.children) if (child.type === 'tag') visit(child as Element, navigation);
  };
  const body = ctx.$('body')[0] as Element | undefined;
  if (body) for (const child of body.children) if (child.type === 'tag') visit(child as Element, false);
  const index = { entries, byElement };
  indexes.set(ctx, index);
  return index;
}

const NAVIGATION_WORDS = /(?:^|[-_\s])(?:nav|navbar|navigation|menu|megamenu|submenu|dropdown|footer|breadcrumbs?)(?:$|[-_\s])/i;

/** Site navigation: <nav>, <footer>, ARIA navigation landmarks, menus named as such. */
function isNavigation(el: Element): boolean {
  if (el.name === 'nav' || el.name === 'footer') return true;
  const role = el.attribs?.role;
  if (role === 'navigation' || role === 'contentinfo' || role === 'menu' || role === 'menubar') return true;
  const names = `${el.attribs?.id ?? ''} ${el.attribs?.class ?? ''}`;
  return NAVIGATION_WORDS.test(withoutEntityParts(names));
}

function scopedEntries(ctx: PageContext, index: LabelIndex, within: Element): IndexEntry[] {
  const els = ctx.$(within).find('*').addBack().toArray() as Element[];
  return els.map((el) => index.byElement.get(el)).filter((e): e is IndexEntry => e !== undefined);
}

const MAX_LEAD = 30;
const LEAD_INLINE = new Set(['a', 'span', 'b', 'strong', 'em', 'i', 'bdi', 'cite']);

/** The folded text before the element's first child element, when all that follows is one or two inline elements. */
function leadingLabel(el: Element): string | null {
  const first = el.children.findIndex((c) => c.type === 'tag');
  if (first <= 0) return null;
  const rest = el.children.slice(first).filter((c) => c.type === 'tag') as Element[];
  if (rest.length > 2 || rest.some((c) => !LEAD_INLINE.has(c.name))) return null;
  const lead = el.children.slice(0, first).map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : '')).join('');
  const folded = foldLabel(collapseWhitespace(lead));
  return folded && lead.length <= MAX_LEAD ? folded : null;
}

/** The text after the leading label: the inline elements' text. */
function leadValue(ctx: PageContext, el: Element): LabelMatch {
  const first = el.children.findIndex((c) => c.type === 'tag');
  const value = el.children.slice(first).map((c) => ctx.rawText(c)).join('');
  return { el, labelEl: el, value };
}

/** "Label: value" in an element's own text: everything after the first separator. */
function inlineValue(ctx: PageContext, el: Element, label: string): LabelMatch | null {
  const text = ctx.text(el).replace(OPENING, '');
  const folded = fold(text);
  if (!folded.startsWith(label)) return null;
  // Map the folded position back: folding keeps one character per base letter in practice.
  const after = text.slice(Math.min(text.length, label.length));
  const m = /^[^:：]*[:：]/.exec(after);
  let value = m ? after.slice(m[0].length) : after;
  // "〈商品編號：M67296549〉", "(Art.-Nr.: 4711)": the bracket opened before the label closes after the value.
  if (text.length < ctx.text(el).length) value = value.replace(CLOSING, '');
  return { el, labelEl: el, value };
}

const MAX_QUALIFIED_HEADING = 40;

/** "zutaten fur 4 personen" qualifies "zutaten" in words; "pour 2 personnes" states a value after "pour". */
function qualifies(heading: string, label: string): boolean {
  return heading.startsWith(`${label} `) && /\p{L}/u.test(heading.charAt(label.length + 1));
}
const MAX_GROUP_TITLE = 60;

/**
 * A heading over its section's lists ("Zutaten", then "Für den Teig" and a list, "Für den Belag"
 * and a list): every item of every list up to the next heading of the same rank. Null when the
 * section holds fewer than two items.
 */
function sectionItems(ctx: PageContext, heading: Element): LabelMatch[] | null {
  const rank = Number(heading.name[1]);
  let start: Element = heading;
  // Climb while the ancestor holds nothing but the heading (`<div><h2>Zutaten</h2></div><ul>…`).
  while (start.parent && start.parent.type === 'tag' && foldLabel(ctx.rawText(start.parent as Element)) === foldLabel(ctx.rawText(heading))) start = start.parent as Element;
  const items: LabelMatch[] = [];
  let grouped = false;
  for (let n = start.next; n; n = n.next) {
    if (n.type !== 'tag' || isInvisible(n as Element) || isControlGroup(n as Element)) continue;
    const el = n as Element;
    const headings = ctx.$(el).find('h1, h2, h3, h4, h5, h6').addBack('h1, h2, h3, h4, h5, h6').toArray() as Element[];
    if (headings.some((h) => Number(h.name[1]) <= rank)) break;
    // A group with its own sub-heading ("<div><h4>Dej</h4><ul>…</ul></div>"): the section is made of groups.
    if (headings.length > 0) grouped = true;
    const lis = ctx.$(el).find('li').addBack('li').toArray() as Element[];
    const cards = lis.length === 0 ? cardItems(ctx, el) : null;
    if (cards) {
      for (const card of cards) items.push({ el: card, labelEl: heading, value: cardText(ctx, card) });
      grouped = true;
      continue;
    }
    // Only lists and their short group titles: a section of prose is no list, and a note
    // after its lists ends it.
    if (lis.length === 0) {
      if (ctx.text(el).length > MAX_GROUP_TITLE) {
        if (items.length > 0) break;
        return null;
      }
      grouped = true;
      continue;
    }
    for (const li of lis) {
      if (ctx.$(li).find('li').length > 0) continue;
      const value = ctx.text(li);
      if (value) items.push({ el: li, labelEl: heading, value });
    }
    // Without group titles the first list is the section's; what follows is another block (key facts).
    if (!grouped) break;
  }
  return items.length >= 2 ? items : null;
}

/** Values beside a label element (its text is the label). */
function valuesBesideLabel(ctx: PageContext, label: Element): LabelMatch[] {
  if (label.name === 'th' || label.name === 'td') return tableValue(ctx, label);
  if (label.name === 'dt') return definitionValues(ctx, label);

  let current: Element = label;
  const tabRank = soleHeading(ctx, label)?.name ?? null;
  // Climb while the ancestor holds nothing but the label (`<div><span>Label</span></div><div>v</div>`).
  const lines = brokenLines(ctx, label);
  if (lines) return lines;
  for (let depth = 0; depth < 4; depth++) {
    const inline = followingText(ctx, current);
    if (inline) return [{ el: (current.parent as Element) ?? current, labelEl: label, value: inline }];
    const strip = tabRank ? headingTabs(ctx, tabRank, current) : null;
    if (strip === 'hidden') return [];
    if (strip === 'first') {
      // The first of a strip of heading tabs: its panel is what follows the strip.
      current = current.parent as Element;
      continue;
    }
    const next = shownContent(nextElement(current));
    if (next) {
      // A label over a list ("Ingredients:" then <ul>): each item is a value.
      if (next.name === 'ul' || next.name === 'ol') {
        const items = next.children.filter((c): c is Element => c.type === 'tag' && c.name === 'li');
        const values = items.map((li) => ({ el: li, labelEl: label, value: ctx.text(li) })).filter((m) => m.value);
        if (values.length > 0) return values;
      }
      // A label over a table of items (amount and name in two cells): each data row is a value.
      if (next.name === 'table') {
        const rows = ctx.$(next).find('tr').toArray() as Element[];
        const values = rows
          .filter((tr) => tr.children.some((c) => c.type === 'tag' && (c as Element).name === 'td'))
          .map((tr) => ({ el: tr, labelEl: label, value: ctx.text(tr) }))
          .filter((m) => m.value);
        if (values.length > 1) return values;
      }
      // A label over a block of short paragraphs (rich-text editors write a list so): each one is a value.
      const paragraphs = paragraphItems(ctx, next) ?? linkItems(ctx, next);
      if (paragraphs) return paragraphs.map((el) => ({ el, labelEl: label, value: ctx.text(el) }));
      const section = isHeading(label) ? sectionItems(ctx, label) : null;
      if (section) return section;
      const cards = cardItems(ctx, next);
      if (cards) return cards.map((el) => ({ el, labelEl: label, value: cardText(ctx, el) }));
      const value = ctx.text(next);
      if (value) return [{ el: next, labelEl: label, value }];
    }
    const parent = current.parent;
    if (!parent || parent.type !== 'tag') break;
    if (foldLabel(ctx.rawText(parent)) !== foldLabel(ctx.rawText(label))) {
      const above = captionedValue(ctx, current);
      return above ? [{ el: above, labelEl: label, value: ctx.text(above) }] : [];
    }
    if (parent.name === 'th' || parent.name === 'td') return tableValue(ctx, parent);
    if (parent.name === 'dt') return definitionValues(ctx, parent);
    current = parent;
  }
  return [];
}

/** The heading a block holds and nothing else (an icon beside it aside), or null. */
function soleHeading(ctx: PageContext, el: Element): Element | null {
  if (isHeading(el)) return el;
  const headings = ctx.$(el).find('h1, h2, h3, h4, h5, h6').toArray() as Element[];
  if (headings.length !== 1) return null;
  return foldLabel(ctx.rawText(el)) === foldLabel(ctx.rawText(headings[0])) ? headings[0] : null;
}

/**
 * Headings side by side with nothing between them are tabs (`<div><h2>Zutaten</h2></div>
 * <div><h2>Zubereitung</h2></div>` over one panel): the panel after the strip is the first
 * tab's, the one a page shows before a click; the other tabs' panels are not in the page.
 * 'first' and 'hidden' say which tab `block` (the label's block, whose heading is of `rank`)
 * is; null when it is no tab.
 */
function headingTabs(ctx: PageContext, rank: string, block: Element): 'first' | 'hidden' | null {
  if (!block.parent || block.parent.type !== 'tag') return null;
  const isTab = (el: Element) => soleHeading(ctx, el)?.name === rank;
  const siblings = elementChildren(block.parent as Element);
  if (siblings.length < 2 || !siblings.every(isTab)) return null;
  return siblings[0] === block ? 'first' : 'hidden';
}

const MAX_CARD_TEXT = 80;
/**
 * A grid of alike cards (`<div><img alt><div>Kritharaki</div><div>275 g</div></div>` repeated),
 * in one or more grids under short group titles: each card is an item, as each <li> of a list.
 * Cards are elements of one tag and class with parts of their own and short text; null when
 * the block is not made of them (at least two).
 */
function cardItems(ctx: PageContext, block: Element): Element[] | null {
  if (isCardGrid(ctx, block)) return shownCards(ctx, block);
  // Otherwise the block's children are grids and their group titles (short, inline content only).
  const cards: Element[] = [];
  for (const child of elementChildren(block)) {
    if (isCardGrid(ctx, child)) cards.push(...shownCards(ctx, child));
    else if (ctx.text(child).length > MAX_GROUP_TITLE || child.children.some((c) => c.type === 'tag' && !LEAD_INLINE.has((c as Element).name))) return null;
  }
  return cards.length >= 2 ? cards : null;
}

function elementChildren(el: Element): Element[] {
  return el.children.filter((c): c is Element => c.type === 'tag' && !isInvisible(c as Element));
}

const LABELLED_NOTE = /^[^:：\d]{2,30}[:：]\s/u;
/**
 * A card's text without its labelled notes ("Inneholder: Melk", "Contains: milk" under the
 * name): the item is what the card names, the note describes it.
 */
function cardText(ctx: PageContext, card: Element): string {
  const parts = (ctx.$(card).find('*').toArray() as Element[]).filter((el) => !el.children.some((c) => c.type === 'tag' && isBlock(c as Element)) && isBlock(el) && ctx.text(el));
  const notes = parts.filter((el) => LABELLED_NOTE.test(ctx.text(el)));
  if (notes.length === 0 || notes.length === parts.length) return ctx.text(card);
  return collapseWhitespace(parts.filter((el) => !notes.includes(el)).map((el) => ctx.text(el)).join(' '));
}

/** The cards of a grid that show text (an empty one is a spacer). */
function shownCards(ctx: PageContext, grid: Element): Element[] {
  return elementChildren(grid).filter((c) => ctx.text(c) !== '');
}

function isCardGrid(ctx: PageContext, grid: Element): boolean {
  const all = elementChildren(grid);
  const cards = shownCards(ctx, grid);
  if (cards.length < 2) return false;
  const kind = `${cards[0].name}.${cards[0].attribs?.class ?? ''}`;
  if (NOT_TILE_PARTS.has(cards[0].name) || all.some((c) => `${c.name}.${c.attribs?.class ?? ''}` !== kind)) return false;
  return cards.every((c) => ctx.text(c).length <= MAX_CARD_TEXT && ctx.$(c).find('*').length >= 2);
}

const TAB_PANEL = /(?:^|\s)tab-pane(?:\s|$)/;
const ACTIVE = /(?:^|\s)(?:active|show|is-active|selected)(?:\s|$)/;

/**
 * What a reader sees after a label: a tab strip ("US | METRIC") is skipped, and of tab panels
 * the one shown (class "active", else the first) stands for the block.
 */
function shownContent(el: Element | null): Element | null {
  let next = el;
  if (next && (next.attribs?.role === 'tablist' || /(?:^|\s)nav-tabs(?:\s|$)/.test(next.attribs?.class ?? ''))) next = nextElement(next);
  if (!next) return null;
  const panels = next.children.filter((c): c is Element => c.type === 'tag' && ((c as Element).attribs?.role === 'tabpanel' || TAB_PANEL.test((c as Element).attribs?.class ?? '')));
  if (panels.length === 0) return next;
  return panels.find((p) => ACTIVE.test(p.attribs?.class ?? '')) ?? panels[0];
}

const MAX_PARAGRAPH_ITEM = 200;
/** The paragraphs of a block made only of (at least two) short paragraphs; null otherwise. */
function paragraphItems(ctx: PageContext, block: Element): Element[] | null {
  const children = block.children.filter((c): c is Element => c.type === 'tag' && (c as Element).name !== 'br');
  if (children.length < 2 || children.some((c) => c.name !== 'p')) return null;
  const items = children.filter((p) => ctx.text(p) !== '');
  return items.length >= 2 && items.every((p) => ctx.text(p).length <= MAX_PARAGRAPH_ITEM) ? items : null;
}

/**
 * The items of a block made only of (at least two) like elements that each hold one link and
 * nothing else (`<div class="field__item"><a>Name</a></div>` twice): a CMS's list of linked
 * names, written without a separator between them.
 */
function linkItems(ctx: PageContext, block: Element): Element[] | null {
  const children = block.children.filter((c): c is Element => c.type === 'tag');
  if (children.length < 2 || children.some((c) => c.name !== children[0].name)) return null;
  const oneLink = (el: Element): boolean => {
    const links = ctx.query('a', el);
    return links.length === 1 && ctx.text(links[0]) !== '' && ctx.text(links[0]) === ctx.text(el);
  };
  return children.every(oneLink) ? children : null;
}

const MAX_TILE_TEXT = 100;
const MAX_TILE_CHILDREN = 3;
/** Headings, paragraphs and lists end a block of prose; they do not caption a value. */
const NOT_TILE_PARTS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'table', 'section', 'article']);

/**
 * A key-fact tile whose label is a caption under its value (`<div><b>45.000 km</b><span>
 * Kilometerstand</span></div>`): the label is the last of at most three elements of a short
 * block, and the element before it holds the value.
 */
function captionedValue(ctx: PageContext, label: Element): Element | null {
  const parent = label.parent as Element | null;
  if (!parent || parent.type !== 'tag' || ctx.text(parent).length > MAX_TILE_TEXT) return null;
  const children = parent.children.filter((c): c is Element => c.type === 'tag' && !isInvisible(c as Element));
  if (children.length < 2 || children.length > MAX_TILE_CHILDREN || children[children.length - 1] !== label) return null;
  if (children.some((c) => NOT_TILE_PARTS.has(c.name))) return null;
  if (parent.children.some((c) => c.type === 'text' && (c as unknown as { data: string }).data.trim())) return null;
  const value = children[children.length - 2];
  return ctx.text(value) ? value : null;
}

const MAX_ICON_LABEL = 30;
/**
 * An icon that labels the text after it (`<img src="clock.png" alt="time"> 30 mins`): its alt
 * text is the label a sighted reader gets from the picture.
 */
function iconLabel(ctx: PageContext, img: Element): string | null {
  const alt = collapseWhitespace(img.attribs?.alt ?? '');
  if (alt.length < 2 || alt.length > MAX_ICON_LABEL) return null;
  return followingText(ctx, img) ? foldLabel(alt) : null;
}

/**
 * Text nodes and inline elements right after the label, up to a <br>, a block element, or
 * another element of the label's kind (the next label): `<b>A</b> x<br><b>B</b> y`.
 */
function followingText(ctx: PageContext, label: Element): string {
  let out = '';
  for (let n: AnyNode | null = label.next; n; n = n.next) {
    if (n.type === 'text') {
      out += (n as unknown as { data: string }).data;
      continue;
    }
    if (n.type !== 'tag') continue;
    const el = n as Element;
    if (el.name === 'br' || el.name === label.name || isInvisible(el)) break;
    if (isBlock(el)) break;
    out += ctx.rawText(el);
  }
  return collapseWhitespace(out.replace(SEPARATOR, ''));
}

const MAX_LINE_ITEM = 200;
/** A bullet an editor typed at the start of a line ("- 300 g flour", "• salt"). */
const TYPED_BULLET = /^[-–—•*·]\s+/;

/**
 * A label opening its paragraph, then lines broken by <br> to the paragraph's end (old posts and
 * rich-text editors write a list so: `<p><b>Ingredients</b><br>- 300 g flour<br>- salt</p>`):
 * each line is a value, without the bullet typed before it.
 */
function brokenLines(ctx: PageContext, label: Element): LabelMatch[] | null {
  const parent = label.parent as Element | null;
  if (!parent || parent.type !== 'tag') return null;
  const before = parent.children.slice(0, parent.children.indexOf(label));
  if (before.some((n) => n.type === 'tag' || (n.type === 'text' && (n as unknown as { data: string }).data.trim()))) return null;
  const lines: string[] = [''];
  let sawBreak = false;
  for (let n: AnyNode | null = label.next; n; n = n.next) {
    if (n.type === 'text') lines[lines.length - 1] += (n as unknown as { data: string }).data;
    else if (n.type === 'tag') {
      const el = n as Element;
      if (el.name === 'br') {
        sawBreak = true;
        lines.push('');
      } else if (isBlock(el) || isInvisible(el)) return null;
      else lines[lines.length - 1] += ctx.rawText(el);
    }
  }
  // The label's own line holds nothing else; the values are the lines after it.
  if (!sawBreak || collapseWhitespace(lines[0].replace(SEPARATOR, '')) !== '') return null;
  const values = lines.slice(1).map((l) => collapseWhitespace(l).replace(TYPED_BULLET, '')).filter(Boolean);
  if (values.length < 2 || values.some((v) => v.length > MAX_LINE_ITEM)) return null;
  return values.map((value) => ({ el: parent, labelEl: label, value }));
}

function nextElement(el: Element): Element | null {
  for (let n = el.next; n; n = n.next) {
    // A form beside a label (a servings calculator under "Ingredients") is not its value, nor
    // is a group of buttons (a "2 | 4 portions" switch).
    if (n.type !== 'tag' || isInvisible(n as Element) || (n as Element).name === 'form' || isControlGroup(n as Element)) continue;
    return FORM_CONTROLS.has((n as Element).name) ? null : (n as Element);
  }
  return null;
}

// Not 'group': carousels and other content use it for slides.
const CONTROL_GROUP_ROLES = new Set(['radiogroup', 'toolbar']);
/** A block made of buttons or other controls only, or named a group of them by its role. */
function isControlGroup(el: Element): boolean {
  if (CONTROL_GROUP_ROLES.has(el.attribs?.role ?? '')) return true;
  const children = el.children.filter((c): c is Element => c.type === 'tag');
  return children.length > 0 && children.every((c) => FORM_CONTROLS.has(c.name) || c.attribs?.role === 'radio' || c.attribs?.role === 'button');
}

function tableValue(ctx: PageContext, cell: Element): LabelMatch[] {
  const next = nextElement(cell);
  if (next && (next.name === 'td' || next.name === 'th')) return [{ el: next, labelEl: cell, value: ctx.text(next) }];
  // A header cell over a column: the value is the cell at the same index in the next row.
  const row = cell.parent as Element | null;
  if (!row || row.name !== 'tr') return [];
  const index = row.children.filter((c) => c.type === 'tag').indexOf(cell);
  const $ = ctx.$;
  const table = $(row).closest('table');
  const rows = table.find('tr').toArray();
  const after = rows[rows.indexOf(row) + 1];
  if (!after) return [];
  const target = after.children.filter((c) => c.type === 'tag')[index] as Element | undefined;
  return target ? [{ el: target, labelEl: cell, value: ctx.text(target) }] : [];
}

function definitionValues(ctx: PageContext, dt: Element): LabelMatch[] {
  const out: LabelMatch[] = [];
  for (let n = nextElement(dt); n && n.name === 'dd'; n = nextElement(n)) {
    out.push({ el: n, labelEl: dt, value: ctx.text(n) });
  }
  return out;
}
