/**
 * A header or footer named after the page's entity ("product-footer", a shop theme's box of tabs
 * and attributes under the product; "entry-header", a post's title and byline) is part of the
 * entity, not the page's chrome, though its class holds "footer" or "header". Both the builder's
 * idea of page furniture and the label reader's idea of navigation look through such names.
 */
const ENTITY_PART = /(^|[\s_-])(?:product|recipe|article|entry|post|job|event|item|book|listing|property)[_-](?:header|footer)(?=$|[\s_-])/gi;

/** Class or id text with the entity's own header and footer names taken out. */
export function withoutEntityParts(names: string): string {
  return names.replace(ENTITY_PART, '$1');
}
