/**
 * Whether a page is an app shell: HTML sent empty and drawn by script. Signs: little visible
 * text, an empty script root (`#root`, `#app`, `#__next`, `#__nuxt`, `#svelte`), scripts present.
 * Real shells carry their chrome in the HTML (a consent banner, a menu, a search form, a
 * footer; issue 26): what counts is the text left once that chrome is set aside, so a shell
 * whose `<main>` says only "Loading…" is one however long its footer is.
 */
import * as cheerio from 'cheerio';

const ROOT = /<(div|main|section)[^>]*\sid=["'](?:root|app|__next|__nuxt|svelte|main-app|application)["'][^>]*>\s*(?:<[^>]+>\s*){0,3}<\/\1>/i;

/** Page furniture around the content: present whether or not the content is drawn by script. */
const CHROME = [
  'script', 'style', 'noscript', 'template', 'svg',
  'header', 'nav', 'footer', 'aside', 'form', 'dialog',
  '[role=banner]', '[role=navigation]', '[role=contentinfo]', '[role=search]', '[role=dialog]', '[role=alertdialog]', '[aria-modal=true]',
  '[id*=cookie i]', '[class*=cookie i]', '[id*=consent i]', '[class*=consent i]', '[id*=gdpr i]', '[class*=gdpr i]',
].join(',');

/** Content text under this many characters, chrome aside, is a placeholder ("Loading…"). */
const CONTENT_CHARS = 120;

export function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&\w+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's visible text and links without its chrome (menus, header, footer, forms, consent banners). */
export function pageContent(html: string): { text: string; links: number } {
  const $ = cheerio.load(html);
  $('script, style, noscript, template, svg').remove();
  const textOf = (el: Parameters<typeof $>[0]) => $(el).text().replace(/\s+/g, ' ').trim();
  const total = textOf('body').length;
  // Not chrome: what wraps the page's content (an ASP.NET form around everything, a header
  // holding the title, a "cookie-consent-shown" class on <body>).
  $('body').find(CHROME).filter((_, el) => $(el).find('main, h1, article').length === 0 && textOf(el).length <= total / 2).remove();
  return { text: textOf('body'), links: $('body a[href]').length };
}

/** A shell with (almost) nothing but its script root: nothing else to build from. */
export function isBareShell(html: string): boolean {
  if (!/<script\b/i.test(html)) return false;
  const text = visibleText(html);
  return text.length < 200 || (ROOT.test(html) && text.length < 600);
}

/**
 * A bare shell, or a page whose content, chrome aside, is a placeholder: a few words and no
 * links (a home page whose content is a menu of links is not drawn by script).
 */
export function isAppShell(html: string): boolean {
  if (isBareShell(html)) return true;
  if (!/<script\b/i.test(html)) return false;
  const content = pageContent(html);
  return content.text.length < CONTENT_CHARS && content.links < 3;
}
