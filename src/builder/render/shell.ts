/**
 * Whether a page is an app shell: HTML sent empty and drawn by script. Signs: little visible
 * text, an empty script root (`#root`, `#app`, `#__next`, `#__nuxt`, `#svelte`), scripts present.
 */
const ROOT = /<(div|main|section)[^>]*\sid=["'](?:root|app|__next|__nuxt|svelte|main-app|application)["'][^>]*>\s*(?:<[^>]+>\s*){0,3}<\/\1>/i;

export function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&\w+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isAppShell(html: string): boolean {
  if (!/<script\b/i.test(html)) return false;
  const text = visibleText(html);
  return text.length < 200 || (ROOT.test(html) && text.length < 600);
}
