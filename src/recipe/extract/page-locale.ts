/**
 * The page's locale (recipe/language/locale.ts), read once per page from what the page says
 * about where it is: <html lang>, og:locale, the hreflang naming this very page, the host's
 * country domain, a priceCurrency in its structured data, and how its own prices are written.
 * Parts a signal does not give follow from the language (Intl's likely country, its number and
 * date formats). Each part records the signal that decided it.
 *
 * Which signal wins: a country named with the language (html lang "es-CL", og:locale "es_CL",
 * hreflang) over the host's domain (.cl), over the language's likely country ("sv" -> SE): a
 * page that names its country is the most direct; a domain says where the shop is, not always
 * where its page's language came from, so it only fills what the page leaves open.
 */
import type { Element } from 'domhandler';
import type { DateOrder, LocaleSignal, PageLocale } from '../language/index.js';
import { jsonLdNodes } from './jsonld.js';
import type { PageContext } from './page-context.js';

const cache = new WeakMap<PageContext, PageLocale>();

/** The page's locale (computed once per page). */
export function readPageLocale(page: PageContext): PageLocale {
  let locale = cache.get(page);
  if (!locale) {
    locale = computeLocale(page);
    cache.set(page, locale);
  }
  return locale;
}

interface Tag {
  language: string | null;
  region: string | null;
}

/** "es-CL", "es_CL", "zh-Hant-TW", "EN" -> language and region (null when not a tag). */
export function parseLocaleTag(raw: string | undefined | null): Tag | null {
  const text = raw?.trim().replace(/_/g, '-');
  if (!text || /^x-default$/i.test(text)) return null;
  try {
    const locale = new Intl.Locale(text);
    const language = locale.language && locale.language !== 'und' ? locale.language.toLowerCase() : null;
    const region = locale.region && /^[A-Z]{2}$/i.test(locale.region) ? locale.region.toUpperCase() : null;
    return language || region ? { language, region } : null;
  } catch {
    return null;
  }
}

/**
 * Country code top-level domains used as generic names ("shop.io", "brand.co", "app.ai"): they
 * say nothing of the country.
 */
const GENERIC_CCTLDS = new Set(['io', 'co', 'tv', 'me', 'ai', 'fm', 'ly', 'to', 'gg', 'cc', 'ws', 'la', 'sh', 'ac', 'am', 'im', 'is', 'it', 'nu', 'so', 'st', 'vc', 'tk', 'ml', 'ga', 'cf', 'gq', 'app', 'dev']);
/** Domains whose code differs from the ISO 3166 region. */
const TLD_REGIONS: Record<string, string> = { uk: 'GB', eu: '' };

/** The country of a host's top-level domain ("tienda.cl" -> CL, "shop.co.uk" -> GB), or null. */
export function regionOfHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (/^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.')) return null;
  const labels = host.split('.');
  const tld = labels[labels.length - 1];
  // "x.co.uk", "x.com.ar": the second level is generic, the top level is the country.
  if (tld.length !== 2) return null;
  if (GENERIC_CCTLDS.has(tld) && labels.length === 2) return null;
  const region = TLD_REGIONS[tld] ?? tld.toUpperCase();
  return region || null;
}

function attr(el: Element | undefined, name: string): string | undefined {
  return el?.attribs?.[name];
}

function htmlTag(page: PageContext): Tag | null {
  const html = page.query('html', null)[0];
  return parseLocaleTag(attr(html, 'lang') ?? attr(html, 'xml:lang'));
}

function ogTag(page: PageContext): Tag | null {
  const value = page.metaTags().get('og:locale')?.[0];
  return parseLocaleTag(value);
}

/** The hreflang of the alternate link that points at this very page. */
function hreflangTag(page: PageContext): Tag | null {
  const self = normaliseUrl(page.page.url);
  for (const link of page.query('link[hreflang]', null)) {
    const href = attr(link, 'href');
    if (!href) continue;
    let target: string;
    try {
      target = normaliseUrl(new URL(href, page.baseUrl()).href);
    } catch {
      continue;
    }
    if (target === self) {
      const tag = parseLocaleTag(attr(link, 'hreflang'));
      if (tag) return tag;
    }
  }
  return null;
}

function normaliseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname.replace(/\/$/, '')}${u.search}`;
  } catch {
    return url;
  }
}

/** The currency the page's structured data (JSON-LD, microdata, meta) names for its prices. */
function pageCurrency(page: PageContext): string | null {
  for (const node of jsonLdNodes(page)) {
    const found = priceCurrencyIn(node, 0);
    if (found) return found;
  }
  const micro = page.query('[itemprop=priceCurrency]', null)[0];
  const fromMicro = attr(micro, 'content') ?? (micro ? page.text(micro) : undefined);
  if (fromMicro && /^[A-Z]{3}$/.test(fromMicro.trim())) return fromMicro.trim();
  for (const key of ['product:price:currency', 'og:price:currency', 'pricecurrency']) {
    const value = page.metaTags().get(key)?.[0]?.trim();
    if (value && /^[A-Z]{3}$/.test(value)) return value;
  }
  return null;
}

function priceCurrencyIn(value: unknown, depth: number): string | null {
  if (depth > 6 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = priceCurrencyIn(v, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const obj = value as Record<string, unknown>;
  const code = obj.priceCurrency;
  if (typeof code === 'string' && /^[A-Z]{3}$/.test(code.trim())) return code.trim();
  for (const key of ['offers', 'priceSpecification', 'mainEntity', '@graph']) {
    const found = priceCurrencyIn(obj[key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * How the page writes amounts: "1.299,00" (decimal comma) against "1,299.00" (decimal point),
 * counted over the page's text; a clear majority of at least two decides.
 */
function numberFormat(page: PageContext): '.' | ',' | null {
  const text = page.page.text;
  const comma = text.match(/(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d{2}(?![\d.,])/g)?.length ?? 0;
  const point = text.match(/(?<![\d.,])\d{1,3}(?:,\d{3})+\.\d{2}(?![\d.,])/g)?.length ?? 0;
  if (comma >= 2 && comma >= 3 * point) return ',';
  if (point >= 2 && point >= 3 * comma) return '.';
  return null;
}

function intlLocale(language: string | null, region: string | null): string | null {
  try {
    if (language) return new Intl.Locale(region ? `${language}-${region}` : language).toString();
    if (region) return new Intl.Locale(`und-${region}`).maximize().toString();
  } catch {
    return null;
  }
  return null;
}

/** The decimal separator a locale writes. */
function localeDecimal(tag: string): '.' | ',' | null {
  const decimal = new Intl.NumberFormat(tag).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return decimal === ',' ? ',' : decimal === '.' ? '.' : null;
}

/** The order of day, month and year in a locale's numeric date. */
function localeDateOrder(tag: string): DateOrder | null {
  const parts = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2021, 2, 15)));
  const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type[0]).join('');
  return order === 'dmy' || order === 'mdy' || order === 'ymd' ? order : null;
}

function computeLocale(page: PageContext): PageLocale {
  const from: PageLocale['from'] = {};
  const set = <K extends keyof PageLocale['from']>(part: K, signal: LocaleSignal): void => {
    from[part] = signal;
  };
  let language: string | null = null;
  let region: string | null = null;
  if (!page.isJson) {
    const tags: Array<[LocaleSignal, Tag | null]> = [['html_lang', htmlTag(page)], ['og_locale', ogTag(page)], ['hreflang', hreflangTag(page)]];
    for (const [signal, tag] of tags) {
      if (!language && tag?.language) {
        language = tag.language;
        set('language', signal);
      }
      if (!region && tag?.region) {
        region = tag.region;
        set('region', signal);
      }
    }
  }
  const hostRegion = regionOfHost(page.page.url);
  if (!region && hostRegion) {
    region = hostRegion;
    set('region', 'tld');
  }
  if (!region && language) {
    try {
      const likely = new Intl.Locale(language).maximize().region;
      if (likely) {
        region = likely;
        set('region', 'language');
      }
    } catch {
      // Not a language ICU knows: no country follows from it.
    }
  }
  const currency = page.isJson ? null : pageCurrency(page);
  if (currency) set('currency', 'price_currency');
  let decimal = page.isJson ? null : numberFormat(page);
  if (decimal) set('decimal', 'number_format');
  const tag = intlLocale(language, region);
  if (!decimal && tag) {
    decimal = localeDecimal(tag);
    if (decimal) set('decimal', 'language');
  }
  const dateOrder = tag && language ? localeDateOrder(tag) : null;
  if (dateOrder) set('dateOrder', from.region === 'language' || !from.region ? from.language! : from.region);
  return { language, region, currency, decimal, dateOrder, from };
}
