/**
 * Candidates from structured data: JSON-LD (schema.org), microdata and meta tags. These are the
 * most stable sources a template has, so they get the highest priors; the main entity's type
 * (Product, Recipe, Book...) is inferred from the training pages.
 */
import { jsonLdNodes, microdataElements, type PageContext } from '../../recipe/extract/index.js';
import { CONCEPTS, nameTokens } from '../knowledge/index.js';
import { labelWords, stem } from './page-labels.js';
import type { Candidate, InduceContext } from './types.js';

/** Types that describe the page or site around the entity, never the entity itself. */
const FRAME_TYPES = new Set(
  ['WebPage', 'WebSite', 'BreadcrumbList', 'ListItem', 'ItemList', 'Organization', 'Corporation', 'NewsMediaOrganization', 'ImageObject',
    'VideoObject', 'SiteNavigationElement', 'SearchAction', 'ReadAction', 'EntryPoint', 'Offer', 'AggregateOffer', 'Rating', 'AggregateRating',
    'Review', 'Person', 'Brand', 'Thing', 'PropertyValue', 'QuantitativeValue', 'Duration', 'HowToStep', 'HowToSection', 'NutritionInformation',
    'PostalAddress', 'GeoCoordinates', 'ContactPoint', 'WPHeader', 'WPFooter', 'WPSideBar', 'CollectionPage', 'ItemPage', 'AboutPage',
    'SpeakableSpecification', 'Country', 'OfferShippingDetails', 'MerchantReturnPolicy', 'MonetaryAmount', 'Comment', 'InteractionCounter',
    'UnitPriceSpecification', 'PriceSpecification', 'DefinedRegion', 'ShippingDeliveryTime'].map((t) => t.toLowerCase()),
);

/** Verticals people name, and the schema.org types of their detail pages. */
const VERTICAL_TYPES: Record<string, string[]> = {
  product: ['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'Vehicle', 'Car'],
  book: ['Book', 'Product'],
  recipe: ['Recipe'],
  job: ['JobPosting'],
  event: ['Event', 'MusicEvent', 'SportsEvent', 'TheaterEvent'],
  article: ['NewsArticle', 'Article', 'BlogPosting', 'Report'],
  news: ['NewsArticle', 'Article', 'BlogPosting'],
  movie: ['Movie', 'TVSeries', 'CreativeWork'],
  restaurant: ['Restaurant', 'LocalBusiness', 'FoodEstablishment'],
  hotel: ['Hotel', 'LodgingBusiness'],
  place: ['LocalBusiness', 'Place', 'TouristAttraction'],
  realestate: ['RealEstateListing', 'Residence', 'Apartment', 'House', 'SingleFamilyResidence', 'Accommodation'],
  auto: ['Car', 'Vehicle', 'Product'],
  course: ['Course'],
  software: ['SoftwareApplication', 'MobileApplication', 'WebApplication'],
};

/** The original spelling of a node's @type names (last segments). */
function rawTypes(obj: Record<string, unknown>): string[] {
  const t = obj['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list
    .filter((x): x is string => typeof x === 'string')
    .map((x) => {
      const trimmed = x.trim().replace(/[/#]+$/, '');
      return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('#'), trimmed.lastIndexOf(':')) + 1);
    });
}

function microdataTypes(page: PageContext): string[] {
  const $ = page.$;
  return $('[itemscope][itemtype]')
    .toArray()
    .flatMap((el) => (el.attribs.itemtype ?? '').split(/\s+/))
    .filter(Boolean)
    .map((t) => t.replace(/[/#]+$/, '').split(/[/#]/).pop()!)
    .filter(Boolean);
}

/** The schema.org types of the pages' main entity, best first. */
export function mainEntityTypes(pages: PageContext[], vertical?: string): string[] {
  const counts = new Map<string, { name: string; pages: number; props: number }>();
  for (const page of pages) {
    const seen = new Set<string>();
    const nodes = jsonLdNodes(page);
    for (const node of nodes) {
      for (const name of rawTypes(node)) {
        const key = name.toLowerCase();
        if (FRAME_TYPES.has(key)) continue;
        const entry = counts.get(key) ?? { name, pages: 0, props: 0 };
        if (!seen.has(key)) entry.pages++;
        entry.props = Math.max(entry.props, Object.keys(node).length);
        seen.add(key);
        counts.set(key, entry);
      }
    }
    for (const name of microdataTypes(page)) {
      const key = name.toLowerCase();
      if (FRAME_TYPES.has(key) || seen.has(key)) continue;
      const entry = counts.get(key) ?? { name, pages: 0, props: 0 };
      entry.pages++;
      seen.add(key);
      counts.set(key, entry);
    }
  }
  const preferred = (VERTICAL_TYPES[(vertical ?? '').toLowerCase().replace(/[^a-z]/g, '')] ?? []).map((t) => t.toLowerCase());
  return [...counts.entries()]
    .sort(([ka, a], [kb, b]) => {
      const pa = preferred.includes(ka) ? 1 : 0;
      const pb = preferred.includes(kb) ? 1 : 0;
      return pb - pa || b.pages - a.pages || b.props - a.props;
    })
    .map(([, v]) => v.name);
}

function typesPresent(pages: PageContext[], wanted: string[]): string[] {
  const present = new Set<string>();
  for (const page of pages) for (const node of jsonLdNodes(page)) for (const t of rawTypes(node)) present.add(t);
  const lower = new Map([...present].map((t) => [t.toLowerCase(), t]));
  return wanted.map((t) => lower.get(t.toLowerCase())).filter((t): t is string => t !== undefined);
}

/** Each schema.org property (lower-cased, first path segment) -> the concepts that read it. */
const PROPERTY_OWNERS = new Map<string, Set<string>>();
for (const c of CONCEPTS) {
  for (const sp of c.schema) {
    const key = sp.path.split('.')[0].toLowerCase();
    PROPERTY_OWNERS.set(key, (PROPERTY_OWNERS.get(key) ?? new Set()).add(c.id));
  }
}

/** A property that is another concept's own (prepTime, for cook_time) is never a match by name words. */
function ownedByOther(key: string, conceptId: string): boolean {
  const owners = PROPERTY_OWNERS.get(key.toLowerCase());
  return owners !== undefined && !owners.has(conceptId);
}

/** Types that wrap an entity (the article a recipe is published in) rather than being one. */
const GENERIC_WORKS = new Set([
  'article', 'newsarticle', 'blogposting', 'report', 'creativework', 'imagegallery', 'mediagallery', 'webpageelement',
  'audioobject', 'commentaction', 'propertyvaluespecification', 'wpadblock', 'usercomments', 'howto',
]);
const isGenericWork = (type: string) => GENERIC_WORKS.has(type.toLowerCase());

export function jsonLdCandidates(ctx: InduceContext): Candidate[] {
  const out: Candidate[] = [];
  const { concept, pages, mainTypes } = ctx;
  // When the main type is a specific entity (Recipe), the article wrapping it is not read as it.
  const main = mainTypes.slice(0, 2).filter((t, i) => i === 0 || isGenericWork(mainTypes[0]) || !isGenericWork(t));
  concept.schema.forEach((sp, i) => {
    const types = sp.types ? typesPresent(pages, sp.types) : main;
    if (types.length === 0) return;
    const type = types.length === 1 ? types[0] : types;
    out.push({
      source: { jsonld: { type, path: sp.path } },
      kind: 'jsonld',
      prior: 0.95 - 0.03 * i,
      describe: `jsonld ${types.join('|')}.${sp.path}`,
    });
  });
  // Properties named like the field on the main entity (`numberOfPages` for `pages`).
  // By stem: `performers` finds `performer`.
  const tokens = nameTokens(ctx.fieldName).filter((t) => t.length >= 4).map(stem);
  if (tokens.length > 0 && main.length > 0) {
    const keys = new Set<string>();
    for (const page of pages) {
      for (const node of jsonLdNodes(page)) {
        if (!rawTypes(node).some((t) => main.includes(t))) continue;
        for (const k of Object.keys(node)) if (!k.startsWith('@') && !ownedByOther(k, ctx.concept.id) && tokens.some((t) => k.toLowerCase().includes(t))) keys.add(k);
      }
    }
    for (const k of keys) {
      if (out.some((c) => 'jsonld' in c.source && c.source.jsonld.path === k)) continue;
      out.push({ source: { jsonld: { type: main.length === 1 ? main[0] : main, path: k } }, kind: 'jsonld', prior: 0.6, describe: `jsonld ${main.join('|')}.${k}` });
    }
  }
  return out;
}

export function microdataCandidates(ctx: InduceContext): Candidate[] {
  const out: Candidate[] = [];
  // Scoped to the main item first: breadcrumbs and related products carry `name` and `price` too.
  const itemtype = ctx.mainTypes.find((t) => ctx.pages.some((p) => microdataTypes(p).includes(t)));
  (ctx.concept.microdata ?? []).forEach((itemprop, i) => {
    const prior = 0.86 - 0.03 * i;
    if (itemtype && ctx.pages.some((p) => microdataElements(p, { itemtype, itemprop }, null).length > 0)) {
      out.push({ source: { microdata: { itemtype, itemprop } }, kind: 'microdata', prior, describe: `microdata ${itemtype}.${itemprop}` });
    }
    if (!ctx.pages.some((p) => microdataElements(p, { itemprop }, null).length > 0)) return;
    out.push({ source: { microdata: { itemprop } }, kind: 'microdata', prior: prior - 0.08, describe: `microdata ${itemprop}` });
  });
  return out;
}

export function metaCandidates(ctx: InduceContext): Candidate[] {
  const out: Candidate[] = [];
  (ctx.concept.meta ?? []).forEach((key, i) => {
    if (!ctx.pages.some((p) => p.metaTags().has(key.toLowerCase()))) return;
    out.push({ source: { meta: key }, kind: 'meta', prior: 0.72 - 0.03 * i, describe: `meta ${key}` });
  });
  return [...out, ...twitterDataCandidates(ctx)];
}

const TWITTER_PAIRS = 4;

/**
 * Twitter cards state facts as pairs: `twitter:label1` "Price" names `twitter:data1` "€344.00".
 * A data tag is a candidate when its label is one of the field's label words (in any
 * language); the same tag names a price on one site and the author on another.
 */
function twitterDataCandidates(ctx: InduceContext): Candidate[] {
  const wanted = new Set([...ctx.concept.labels, ...(ctx.concept.own ?? [])].map((l) => labelWords(l).map(stem).join(' ')));
  const out: Candidate[] = [];
  for (let n = 1; n <= TWITTER_PAIRS; n++) {
    const named = ctx.pages.some((p) => (p.metaTags().get(`twitter:label${n}`) ?? []).some((l) => wanted.has(labelWords(l).map(stem).join(' '))));
    if (named) out.push({ source: { meta: `twitter:data${n}` }, kind: 'meta', prior: 0.66, describe: `meta twitter:data${n} (labelled)` });
  }
  return out;
}

