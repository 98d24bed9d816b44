/**
 * Reading the benchmark corpus (../shared/bench/corpus): sites, their pages decoded as the fetch
 * layer would decode them, ground truth, and the training/held-out split of PROTOCOL.md.
 * The corpus is read in place and never copied into the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBody } from '../../src/fetch/charset.js';

export interface CorpusSite {
  /** Directory name, `<vertical>-<site>`. */
  name: string;
  vertical: string;
  dir: string;
  attributes: string[];
  /** Page ids in id order. */
  ids: string[];
  truth: Record<string, Record<string, string[]>>;
}

/** Default corpus: ../shared/bench/corpus relative to the repository root. */
export function defaultCorpusDir(): string {
  const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  return resolve(repoRoot, '../shared/bench/corpus');
}

export function loadCorpus(dir: string): CorpusSite[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'truth.json')))
    .map((d) => d.name)
    .sort()
    .map((name) => loadSite(join(dir, name), name));
}

function loadSite(dir: string, name: string): CorpusSite {
  const truthFile = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as {
    attributes: string[];
    pages: Record<string, Record<string, string[]>>;
  };
  const ids = readdirSync(join(dir, 'pages'))
    .filter((f) => /^\d+\.htm$/.test(f))
    .map((f) => f.replace(/\.htm$/, ''))
    .sort();
  return { name, vertical: name.split('-')[0], dir, attributes: truthFile.attributes, ids, truth: truthFile.pages };
}

/** PROTOCOL.md: the training pages are the first min(5, ceil(n/4)) pages in id order. */
export function trainingIds(site: CorpusSite): string[] {
  return site.ids.slice(0, Math.min(5, Math.ceil(site.ids.length / 4)));
}

export function heldOutIds(site: CorpusSite): string[] {
  const training = new Set(trainingIds(site));
  return site.ids.filter((id) => !training.has(id));
}

/** The page's text, decoded like a served page (`text/html` without charset: BOM, then meta charset). */
export function readPageText(site: CorpusSite, id: string): string {
  return decodeBody(readFileSync(join(site.dir, 'pages', `${id}.htm`)), 'text/html').text;
}

/** The task sentence of PROTOCOL.md for a site. */
export function taskSentence(site: CorpusSite): string {
  return `Get the ${site.vertical} details from each ${site.vertical} page: ${site.attributes.join(', ')}`;
}
