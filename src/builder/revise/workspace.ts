/**
 * The state of one revision while it runs: the draft recipe operations change, the live recipe
 * they started from, a fresh exploration of the site (made once, only when an operation needs
 * fresh pages), the live endpoints' test results on fresh inputs (the baseline every change is
 * compared with), and a page cache so an endpoint's pages are fetched once.
 */
import type { Logger } from 'pino';
import type { Config } from '../../config/index.js';
import type { Fetcher } from '../../fetch/types.js';
import type { EndpointRecipe, Recipe } from '../../recipe/types.js';
import type { PageInput } from '../../recipe/extract/index.js';
import { explore } from '../explore/index.js';
import type { Exploration } from '../explore/types.js';
import { fallbackDetail } from '../detail-fallback.js';
import type { ProgressReporter } from '../progress.js';
import type { LlmAssist } from '../llm/index.js';
import { testEndpoint, type EndpointCase, type EndpointVerdict } from '../test-endpoints.js';
import { clone } from './edit.js';
import { testInputsOf } from './test-inputs.js';
import type { RevisionPlan } from './types.js';
import { rethrowUnless } from '../../errors/expected.js';

export interface ReviseRequest {
  /** The live recipe (latest version). */
  recipe: Recipe;
  plan: RevisionPlan;
  /** The address the API was built from. */
  url: string;
  fetcher: Fetcher;
  signal: AbortSignal;
  budget: Config['build'];
  progress: ProgressReporter;
  llm: LlmAssist | null;
  logger?: Logger;
}

export class Workspace {
  draft: Recipe;
  readonly original: Recipe;
  /** Endpoints (current names) a completed operation changed: they are tested again at the end. */
  readonly touched = new Set<string>();
  private exploration: Promise<Exploration> | null = null;
  private explored: Exploration | null = null;
  private readonly baselines = new Map<string, Promise<EndpointVerdict>>();
  private readonly pages = new Map<string, Promise<PageInput | null>>();
  private readonly renamed = new Map<string, string>();

  constructor(readonly req: ReviseRequest) {
    this.original = clone(req.recipe);
    this.draft = clone(req.recipe);
  }

  get signal(): AbortSignal {
    return this.req.signal;
  }

  get progress(): ProgressReporter {
    return this.req.progress;
  }

  /** The draft's name of an endpoint the sentence named by its live name. */
  current(name: string): string {
    return this.renamed.get(name) ?? name;
  }

  noteRename(from: string, to: string): void {
    for (const [k, v] of this.renamed) if (v === from) this.renamed.set(k, to);
    if (![...this.renamed.values()].includes(to)) this.renamed.set(from, to);
    if (this.touched.delete(from)) this.touched.add(to);
  }

  endpoint(recipe: Recipe, name: string): EndpointRecipe | undefined {
    return recipe.endpoints.find((e) => e.name === this.current(name)) ?? recipe.endpoints.find((e) => e.name === name);
  }

  /** A fresh look at the site, made once. */
  site(): Promise<Exploration> {
    this.exploration ??= this.exploreSite();
    return this.exploration;
  }

  private async exploreSite(): Promise<Exploration> {
    const { req } = this;
    req.progress.stage('exploring', `Looking at ${req.url} again`);
    const exploration = await explore({
      url: req.url,
      fetcher: req.fetcher,
      signal: req.signal,
      budget: {
        maxPages: req.budget.fetchBudget,
        deadline: Date.now() + Math.round(req.budget.timeBudgetMs * 0.4),
        perHostConcurrency: req.budget.perHostConcurrency,
      },
      onLog: (level, message) => {
        if (level !== 'debug') req.progress.log(level === 'warn' ? 'warn' : 'info', message);
      },
    });
    if (!exploration.detail) exploration.detail = await fallbackDetail(exploration, req.fetcher, req.signal);
    for (const [url, page] of Object.entries(exploration.pages)) {
      if (page.status >= 200 && page.status < 300) this.pages.set(url, Promise.resolve({ url: page.url, contentType: page.contentType, text: page.text }));
    }
    this.explored = exploration;
    return exploration;
  }

  /** Test inputs of an endpoint: its sample, then inputs made from pages the site links to now. */
  cases(ep: EndpointRecipe): EndpointCase[] {
    return testInputsOf(ep, this.original.source_url, this.explored);
  }

  /** Run an endpoint of `recipe` through the real interpreter on its test inputs. */
  test(recipe: Recipe, name: string, cases?: EndpointCase[]): Promise<EndpointVerdict> {
    const ep = recipe.endpoints.find((e) => e.name === name);
    if (!ep) throw new Error(`no endpoint ${name} in the draft`);
    return testEndpoint(recipe, name, cases ?? this.cases(ep), { fetcher: this.req.fetcher, signal: this.req.signal });
  }

  /** How the live endpoint (by its live name) does on fresh inputs; computed once. */
  baseline(liveName: string): Promise<EndpointVerdict> {
    let verdict = this.baselines.get(liveName);
    if (!verdict) {
      verdict = this.test(this.original, liveName);
      this.baselines.set(liveName, verdict);
    }
    return verdict;
  }

  async fetchPage(url: string): Promise<PageInput | null> {
    let page = this.pages.get(url);
    if (!page) {
      page = this.req.fetcher
        .fetch({ url, signal: this.req.signal })
        .then((r) => (r.status >= 200 && r.status < 300 ? { url: r.url, contentType: r.contentType, text: r.text } : null))
        .catch((err: unknown) => {
          if (this.req.signal.aborted) throw err;
          rethrowUnless(err, 'fetch'); // an unreachable page is no page
          return null;
        });
      this.pages.set(url, page);
    }
    return page;
  }
}
