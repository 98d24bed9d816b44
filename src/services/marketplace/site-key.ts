/**
 * The site of a URL, as dispatch matching and canonicals see it (decisions.md: "normalized host
 * and path prefix"): lower-case host without `www.` (port kept when not the scheme's default),
 * plus the directory of the path (`/catalogue/page-1.html` -> `/catalogue/`). The scheme, the
 * query and the file name are ignored, so `https://www.books.test/index.html` and
 * `http://books.test/` are the same site.
 */
export interface SiteKey {
  /** `books.test` or `127.0.0.1:8080`. */
  host: string;
  /** Always starts and ends with `/`. */
  prefix: string;
  /** `host + prefix`: the unique key of a canonical. */
  key: string;
}

export function siteKeyOf(url: string): SiteKey {
  const u = new URL(url);
  const host = u.host.toLowerCase().replace(/^www\./, '');
  const path = u.pathname || '/';
  const prefix = path.slice(0, path.lastIndexOf('/') + 1) || '/';
  return { host, prefix, key: `${host}${prefix}` };
}
