/**
 * The browser engine: one Chromium per process, started on first use (a service that only
 * meets static sites never starts it), driven by playwright-core.
 *
 * - A bounded pool of contexts (`contexts`): a page waits for a free context; a context is
 *   replaced after `pagesPerContext` pages.
 * - Every page has a time limit; a page that does not close after its limit means a hung
 *   browser, which is killed (the whole process tree) and replaced on next use. A browser
 *   that crashes or disconnects is replaced the same way; a crashed page fails its own call.
 * - Memory: after pages, the resident memory of the browser's process tree is read from /proc;
 *   above `memoryLimitMb` the browser is restarted as soon as no page is using it.
 * - All traffic leaves through the guard proxy (guard-proxy.ts): the private-address guard
 *   holds for every request a page makes.
 * - `close()` closes the browser and, should that hang, kills it; a process 'exit' hook kills
 *   whatever is left, so no browser process outlives the service.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserType, Page } from 'playwright-core';
import { QuarryError } from '../../errors/index.js';
import { systemResolver, type AllowPrivateTargets, type Resolver } from '../address-guard.js';
import { abortable } from '../abortable.js';
import { upstreamError } from '../failures.js';
import { startGuardProxy, type GuardProxy, type Refusal } from './guard-proxy.js';
import { childrenRunning, isAlive, killTree, startReaper, treeRssMb, type Reaper } from './processes.js';

export interface BrowserSettings {
  executablePath: string;
  contexts: number;
  pageTimeoutMs: number;
  memoryLimitMb: number;
  pagesPerContext: number;
  /** Pages after which the browser is restarted (default: never). */
  pagesPerProcess?: number;
  /** A context whose page holds more heap than this after a collection is replaced (default: never). */
  contextMemoryMb?: number;
}

export interface BrowserEngineOptions {
  allowPrivateTargets: AllowPrivateTargets;
  /** The operator's robots.txt switch: render steps check robots.txt like request steps. */
  respectRobots?: boolean;
  userAgent?: string;
  resolver?: Resolver;
  onRefused?: (refusal: Refusal) => void;
}

/** The features playwright-core (1.65) disables itself; see CHROMIUM_ARGS. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The flags this machine needs (a container as root, no GPU, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Loopback goes through the guard proxy too (Chromium bypasses proxies for it by default).
  '--proxy-bypass-list=<-loopback>',
  // WebRTC must not open UDP around the proxy.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  // Images are never data: not loading them makes rendering cheaper.
  '--blink-settings=imagesEnabled=false',
  '--renderer-process-limit=2',
  // Headless Chromium is the full browser: each context's window keeps the omnibox popup as a
  // WebUI page in a renderer of its own (~30 MB PSS each, redrawn on every navigation, which
  // cost more renderer time than the page). Chromium keeps only the last --disable-features,
  // so Playwright's own list is repeated here (test/render/engine.test.ts checks none is lost).
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];

/**
 * Every this many pages of a context, its renderer collects garbage (CDP
 * HeapProfiler.collectGarbage). A reused page leaves each old document (its DOM and its V8
 * context) in the renderer until V8's next full collection, which a page's small JS heap
 * seldom triggers: each renderer grew ~1 MB a page, from ~40 to ~100 MB in 60 pages of a small
 * shop, and one full collection brings it back to ~40 MB. Measured on bench:render's drawn
 * shop at 4 contexts: the tree's PSS ~520-580 MB without, ~320 MB every 10 pages, ~350 MB
 * every 20, for no visible cost in pages per second (a collection of a ~25 MB heap takes a few
 * milliseconds of the renderer's time, once per 10 pages).
 */
const GC_EVERY_PAGES = 10;

/** Playwright talks to the browser over a pipe: the flag marks its process among our children. */
const PIPE_FLAG = '--remote-debugging-pipe';

/**
 * playwright-core (CommonJS, ~7 MB of bundled source), loaded on first launch with require,
 * not import(): through the ESM loader Node keeps a second copy of a CommonJS module's source
 * for the module's life. Measured in the bench service after a few renders (tsx, after full
 * collections): 74 MB of live heap and 251 MB RSS instead of 81 MB and 262 MB.
 */
function loadPlaywright(): { chromium: BrowserType } {
  return createRequire(import.meta.url)('playwright-core') as { chromium: BrowserType };
}

/** Thrown when a build or call needs the browser and Chromium is not installed. */
export class BrowserUnavailableError extends QuarryError {
  constructor(executablePath: string, detail?: string) {
    super(
      'unavailable',
      `This site draws its content with JavaScript and needs a browser, but Chromium ${detail ?? `is not installed at ${executablePath}`}. ` +
        `Install it with "apt-get install chromium-headless-shell" (npm start and npm test do this when run as root), or set QUARRY_CHROMIUM_PATH.`,
      { reason: 'browser_unavailable' },
    );
  }
}

interface Slot {
  context: BrowserContext | null;
  /** The context's page, reused between calls (a new tab costs more than the render itself). */
  page: Page | null;
  pages: number;
  busy: boolean;
  /** Its page held more than contextMemoryMb after a collection: replaced before the next call. */
  retire?: boolean;
}

/** Events callers listen to on a page; removed before the page serves the next call. */
const PAGE_EVENTS = ['request', 'requestfinished', 'requestfailed', 'response', 'crash', 'framenavigated'] as const;

export interface EngineStats {
  launches: number;
  pages: number;
  kills: number;
  recycles: number;
  /** Contexts replaced for their memory (contextMemoryMb). */
  retired: number;
  /** Garbage collections asked of renderers (GC_EVERY_PAGES). */
  collections: number;
  pid: number | null;
  rssMb: number;
}

export class BrowserEngine {
  readonly settings: BrowserSettings;
  private readonly options: BrowserEngineOptions;
  private browser: Browser | null = null;
  private launching: Promise<Browser> | null = null;
  private proxy: GuardProxy | null = null;
  private pid: number | null = null;
  private readonly slots: Slot[];
  private readonly waiters: Array<() => void> = [];
  private recycleWhenIdle = false;
  private recycling: Promise<void> | null = null;
  private closed = false;
  private readonly counters = { launches: 0, pages: 0, kills: 0, recycles: 0, retired: 0, collections: 0 };
  /** Pages rendered by the running browser (pagesPerProcess). */
  private pagesThisProcess = 0;
  private reaper: Reaper | null = null;
  private readonly exitHook = () => {
    if (this.pid) killTree(this.pid);
  };

  constructor(settings: BrowserSettings, options: BrowserEngineOptions) {
    this.settings = settings;
    this.options = options;
    this.slots = Array.from({ length: Math.max(1, settings.contexts) }, () => ({ context: null, page: null, pages: 0, busy: false }));
  }

  get respectsRobots(): boolean {
    return this.options.respectRobots ?? true;
  }

  /** Whether the executable exists (no browser is started). */
  available(): boolean {
    try {
      fs.accessSync(this.settings.executablePath, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Addresses the guard proxy refused lately (for logs and tests). */
  refused(): Refusal[] {
    return [...(this.proxy?.refused ?? [])];
  }

  /** The browser process, when one runs (cheap: stats() also reads the tree's memory). */
  get browserPid(): number | null {
    return this.pid;
  }

  stats(): EngineStats {
    return { ...this.counters, pid: this.pid, rssMb: this.pid ? treeRssMb(this.pid) : 0 };
  }

  /**
   * Run `fn` with a fresh page of a pooled context. The page is closed afterwards; past
   * `timeoutMs` (default the configured limit) the call fails with an upstream time-out.
   */
  async withPage<T>(fn: (page: Page) => Promise<T>, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> {
    if (this.closed) throw new QuarryError('unavailable', 'The browser engine is shut down.');
    const slot = await this.acquire(opts.signal);
    let page: Page | null = null;
    let timer: NodeJS.Timeout | undefined;
    let clean = false;
    const origins = new Set<string>();
    try {
      const context = await this.contextFor(slot);
      page = slot.page && !slot.page.isClosed() ? slot.page : await context.newPage();
      slot.page = page;
      // Every origin a frame of this call shows: its stored data is wiped before the next call.
      page.on('framenavigated', (frame) => {
        const origin = originOf(frame.url());
        if (origin) origins.add(origin);
      });
      const limit = opts.timeoutMs ?? this.settings.pageTimeoutMs;
      page.setDefaultTimeout(limit);
      const p = page;
      // The caller's cancel goes through the fetch layer's abortable, which removes its listener again.
      const outcome = await abortable(
        Promise.race([
          fn(p),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(upstreamError(p.url(), 'timeout', `The page did not finish within ${limit} ms in the browser.`)), limit);
            p.on('crash', () => reject(upstreamError(p.url(), 'network_error', 'The page crashed in the browser.')));
          }),
        ]),
        opts.signal,
      );
      clean = true;
      return outcome;
    } finally {
      clearTimeout(timer);
      this.counters.pages++;
      if (page) await this.resetPage(slot, page, clean, origins);
      this.release(slot);
    }
  }

  /**
   * Ready the page for the next call: listeners gone, cookies, extra headers and the stored data
   * of every origin the call showed cleared (calls never share a session, and the next caller
   * may be another account), and every GC_EVERY_PAGES pages the old documents collected. The
   * next call's navigation replaces the document (a navigation to about:blank here would cost
   * as much as a small render). A page that failed, or does not answer within 3 s, is closed.
   */
  private async resetPage(slot: Slot, page: Page, clean: boolean, origins: Set<string>): Promise<void> {
    for (const event of PAGE_EVENTS) page.removeAllListeners(event);
    if (clean) {
      const collect = slot.pages % GC_EVERY_PAGES === 0 ? this.collectGarbage(page).then((heapMb) => this.checkContextMemory(slot, heapMb)) : null;
      const reset = Promise.all([page.context().clearCookies(), page.setExtraHTTPHeaders({}), this.clearStorage(page, origins), collect]).then(
        () => true,
        () => false,
      );
      const hung = new Promise<false>((resolve) => setTimeout(() => resolve(false), 3_000).unref());
      if (await Promise.race([reset, hung])) return;
    }
    // A call that failed, or a reset that did not finish, may leave data in the context: it goes too.
    const context = slot.context;
    slot.page = null;
    slot.context = null;
    await this.closePage(page);
    await context?.close().catch(() => {});
  }

  /**
   * Wipe what the origins stored: local storage and IndexedDB (which also clears the tab's
   * session storage, kept by the reused page), and the Cache API's caches when there are any
   * (clearing them unasked costs a fifth of a render). Service workers are blocked and cookies
   * cleared by the caller. The engine test checks each kind.
   */
  private async clearStorage(page: Page, origins: Set<string>): Promise<void> {
    if (origins.size === 0) return;
    const cdp = await page.context().newCDPSession(page);
    try {
      for (const origin of origins) {
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb' });
        const { caches } = await cdp.send('CacheStorage.requestCacheNames', { securityOrigin: origin });
        if (caches.length > 0) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage' });
      }
    } finally {
      await cdp.detach().catch(() => {});
    }
  }

  /**
   * A full garbage collection in the page's renderer (its old documents go with it); answers
   * what the page's heap holds after it, JS and DOM (V8's and Blink's), in MB.
   */
  private async collectGarbage(page: Page): Promise<number> {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('HeapProfiler.collectGarbage');
      this.counters.collections++;
      const heap = await cdp.send('Runtime.getHeapUsage');
      return (heap.usedSize + (heap.embedderHeapUsedSize ?? 0)) / (1024 * 1024);
    } finally {
      await cdp.detach().catch(() => {});
    }
  }

  /**
   * A context whose page still holds more than contextMemoryMb after a collection (a heavy
   * site's caches, leaks a collection cannot free) is replaced before its next call: closing
   * it ends its renderer, and the memory goes back to the system, not only to V8.
   */
  private checkContextMemory(slot: Slot, heapMb: number): void {
    const limit = this.settings.contextMemoryMb;
    if (limit && heapMb > limit) {
      slot.retire = true;
      this.counters.retired++;
    }
  }

  /** Close the browser (killing it if it does not close) and the guard proxy. */
  async close(): Promise<void> {
    this.closed = true;
    await this.shutdownBrowser();
    await this.proxy?.close();
    this.proxy = null;
  }

  // --- pool -------------------------------------------------------------------------------

  private async acquire(signal?: AbortSignal): Promise<Slot> {
    for (;;) {
      // A restart in progress: nobody may open a page on the browser being closed.
      if (this.recycling) await this.recycling;
      signal?.throwIfAborted();
      const free = this.slots.find((s) => !s.busy);
      if (free && !(this.recycleWhenIdle && this.slots.some((s) => s.busy))) {
        free.busy = true;
        if (this.recycleWhenIdle) {
          this.recycleWhenIdle = false;
          this.recycling = this.shutdownBrowser().finally(() => {
            this.recycling = null;
          });
          await this.recycling;
        }
        return free;
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private release(slot: Slot): void {
    slot.busy = false;
    this.pagesThisProcess++;
    const perProcess = this.settings.pagesPerProcess;
    if (this.pid && perProcess && this.pagesThisProcess >= perProcess && !this.recycleWhenIdle) {
      // A long-lived browser process keeps what its pages left (caches, fragmented heaps) even
      // with every context recycled: it is restarted after so many pages.
      this.counters.recycles++;
      this.recycleWhenIdle = true;
    } else if (this.pid && this.counters.pages % 10 === 0) {
      const rss = treeRssMb(this.pid);
      if (rss > this.settings.memoryLimitMb) {
        this.counters.recycles++;
        this.recycleWhenIdle = true;
      }
    }
    this.waiters.shift()?.();
  }

  private async contextFor(slot: Slot): Promise<BrowserContext> {
    const browser = await this.ensureBrowser();
    if (slot.context && (slot.pages >= this.settings.pagesPerContext || slot.retire)) {
      const old = slot.context;
      slot.context = null;
      slot.page = null;
      await old.close().catch(() => {});
    }
    slot.retire = false;
    if (!slot.context || slot.context.browser() !== browser) {
      slot.page = null;
      slot.context = await browser.newContext({ userAgent: this.options.userAgent, serviceWorkers: 'block', acceptDownloads: false });
      slot.pages = 0;
    }
    slot.pages++;
    return slot.context;
  }

  private async closePage(page: Page): Promise<void> {
    const closed = page.close().then(() => true, () => true);
    const hung = new Promise<false>((resolve) => setTimeout(() => resolve(false), 3_000).unref());
    if (!(await Promise.race([closed, hung]))) {
      // A page that cannot be closed means a hung renderer or browser: kill and start afresh.
      this.counters.kills++;
      this.killBrowser();
    }
  }

  // --- browser lifecycle -------------------------------------------------------------------

  private async ensureBrowser(): Promise<Browser> {
    if (this.browser?.isConnected()) return this.browser;
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    if (!this.available()) throw new BrowserUnavailableError(this.settings.executablePath);
    this.proxy ??= await startGuardProxy({
      allow: this.options.allowPrivateTargets,
      resolver: this.options.resolver ?? systemResolver,
      onRefused: this.options.onRefused,
    });
    const { chromium } = loadPlaywright();
    const before = new Set(childrenRunning(process.pid, PIPE_FLAG));
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.settings.executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
        proxy: { server: this.proxy.url, bypass: '<-loopback>' },
        // The service's own shutdown closes us; Playwright must not exit the process on signals.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        timeout: 30_000,
      });
    } catch (err) {
      throw new BrowserUnavailableError(this.settings.executablePath, `at ${this.settings.executablePath} could not be started (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
    }
    this.counters.launches++;
    // Playwright does not expose the pid: it is our new direct child running the executable.
    this.pid = childrenRunning(process.pid, PIPE_FLAG).find((pid) => !before.has(pid)) ?? null;
    this.pagesThisProcess = 0;
    process.on('exit', this.exitHook);
    // Should this process die without its exit hooks (SIGKILL, a fatal crash), the browser goes too.
    this.reaper = this.pid ? startReaper(process.pid, this.pid) : null;
    browser.on('disconnected', () => {
      if (this.browser === browser) this.forget();
    });
    this.browser = browser;
    return browser;
  }

  private forget(): void {
    const pid = this.pid;
    this.browser = null;
    this.pid = null;
    for (const slot of this.slots) {
      slot.context = null;
      slot.page = null;
    }
    process.off('exit', this.exitHook);
    // A disconnected browser may leave renderers behind.
    if (pid && isAlive(pid)) killTree(pid);
    this.reaper?.stop();
    this.reaper = null;
  }

  private killBrowser(): void {
    if (this.pid) killTree(this.pid);
    this.forget();
  }

  private async shutdownBrowser(): Promise<void> {
    const browser = this.browser ?? (this.launching ? await this.launching.catch(() => null) : null);
    if (!browser) return;
    const pid = this.pid;
    const done = browser.close().then(() => true, () => true);
    const hung = new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000).unref());
    if (!(await Promise.race([done, hung])) && pid) killTree(pid);
    if (this.browser === browser) this.forget();
    else if (pid && isAlive(pid)) killTree(pid);
  }
}

/** The origin of a frame's address; null for about:blank, data: and other opaque origins. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
