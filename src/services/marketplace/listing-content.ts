/**
 * What a listing says, derived from a canonical's recipe and what the site says of itself: the
 * slug, a description written for people, the endpoint preview, categories (from the site's
 * content, through the search module's multilingual lexicon) and the country (from the domain
 * and the page language).
 */
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import { inferCategories, inferCountry, type InferredCategories } from '../../marketplace/search/index.js';
import { recordFields } from './recipe-diff.js';

/** What is known of the site (the builder's SiteInfo, or what a listing stored of it). */
export interface SiteFacts {
  host: string;
  title: string | null;
  description: string | null;
  lang: string | null;
  text: string;
}

export interface EndpointPreview {
  endpoint_name: string;
  method: string;
  summary: string;
}

export const PREVIEW_SIZE = 5;

/** The first sentence of an endpoint's description, at most 140 characters. */
export function endpointSummary(ep: EndpointRecipe): string {
  const first = /^(.+?[.!?])(\s|$)/.exec(ep.description.trim())?.[1] ?? ep.description.trim();
  return first.length > 140 ? `${first.slice(0, 137)}...` : first;
}

export function endpointPreview(recipe: Recipe): EndpointPreview[] {
  return recipe.endpoints
    .slice(0, PREVIEW_SIZE)
    .map((ep) => ({ endpoint_name: ep.name, method: ep.method, summary: endpointSummary(ep) }));
}

export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'api'
  );
}

/** Names that describe one page rather than the site ("page 1", "All products", "Home"). */
const PAGE_SPECIFIC = /\b(page|seite|pagina|página)\s*\d+\b|^(home|index|welcome|all products|search|results?)$/i;

/**
 * The listing's name: the recipe's, unless it names a page rather than the site; then the part
 * of the site's title that names the site (by convention the last of "Page | Site").
 */
export function listingName(recipeName: string, site: SiteFacts | null): string {
  if (!PAGE_SPECIFIC.test(recipeName.trim())) return recipeName;
  const parts = (site?.title ?? '')
    .split(/\s[|–—·»]\s/)
    .map((p) => p.split(/\s-\s/)[0].trim())
    .filter((p) => p.length >= 3 && p.length <= 60 && !PAGE_SPECIFIC.test(p));
  return parts[parts.length - 1] ?? site?.host.replace(/^www\./, '') ?? recipeName;
}

const humanize = (name: string) => name.replace(/_/g, ' ').trim();

function fieldList(ep: EndpointRecipe): string {
  const fields = recordFields(ep).map(humanize);
  if (fields.length === 0) return '';
  const shown = fields.slice(0, 4);
  const more = fields.length - shown.length;
  return ` (${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
}

/** One endpoint as a clause people read: "look up a book (title, price)". */
function action(ep: EndpointRecipe): string {
  const [verb, ...rest] = ep.name.split('_');
  const thing = humanize(rest.join('_')) || 'records';
  if (verb === 'get') return `look up a ${thing}${fieldList(ep)}`;
  if (verb === 'list') return `list ${thing}${fieldList(ep)}`;
  if (verb === 'search') return `search ${thing}${fieldList(ep)}`;
  const summary = endpointSummary(ep).replace(/[.!?]$/, '');
  return summary ? summary.charAt(0).toLowerCase() + summary.slice(1) : humanize(ep.name);
}

function joinClauses(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join('; ')}; and ${parts[parts.length - 1]}`;
}

/** A short paragraph for people browsing the marketplace (not for machines). */
export function frontFacingDescription(name: string, host: string, siteDescription: string | null, recipe: Recipe): string {
  const about = siteDescription?.trim() ? ` ${sentence(siteDescription.trim().slice(0, 200))}` : '';
  const actions = joinClauses(recipe.endpoints.slice(0, 6).map(action));
  const more = recipe.endpoints.length > 6 ? ` Plus ${recipe.endpoints.length - 6} more endpoints.` : '';
  return `${name} (${host}) as a ready-to-call API: ${actions}.${more}${about} Every endpoint passed Quarry's tests against the live site when it was published.`;
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The listing's one-line description: the site's own, else the recipe's. */
export function listingDescription(recipe: Recipe, site: SiteFacts | null): string {
  return site?.description?.trim() || recipe.description || recipe.name;
}

export function categoriesOf(recipe: Recipe, site: SiteFacts | null): InferredCategories {
  const endpointsText = recipe.endpoints.map((e) => `${humanize(e.name)} ${e.description}`).join('\n');
  return inferCategories(`${site?.text ?? ''}\n${endpointsText}`, {
    title: site?.title ?? recipe.name,
    description: site?.description ?? undefined,
    host: site?.host ?? hostOf(recipe.source_url),
  });
}

export function countryOf(recipe: Recipe, site: SiteFacts | null): string | null {
  return inferCountry({ host: (site?.host ?? hostOf(recipe.source_url)).replace(/:\d+$/, ''), lang: site?.lang ?? undefined });
}

export function isAuthenticated(recipe: Recipe): boolean {
  return recipe.endpoints.some((e) => e.initiates_session || e.depends_on_session);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
