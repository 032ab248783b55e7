import { cityPagePath } from '../../../core/cities.ts';
import { RESOURCE_GUIDES } from '../../../core/resources.ts';
import { isRecognisedJurisdiction } from '../../../core/jurisdictions.ts';
import { createKeptFiles, type KeptFile } from './kept-files.ts';
import type { SitemapRepo } from './repo.ts';

/** The sitemap protocol allows at most 50,000 URLs in one file. */
export const URLS_PER_SITEMAP = 50_000;
/** Rows read from the database at a time while a sitemap file is built. */
const READ_BATCH = 5_000;
/** A built sitemap file is served this long before it is built again (issue 51)... */
const REBUILD_AFTER_MS = 60 * 60_000;
/** ...or sooner after a census import, which is looked for at most this often. */
const IMPORT_CHECK_MS = 60_000;
/** The kept name of the sitemap index. */
const INDEX = 'sitemap';

const STATIC_PATHS = ['/', '/search', '/how-it-works', '/resources', '/privacy-policy', '/terms-of-service'];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`,
  );
}

function urlEntry(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>\n`;
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

/** A sitemap file name: static, cities-N or profiles-N (N from 1). */
export type SitemapFile = { kind: 'static' } | { kind: 'cities' | 'profiles'; part: number };

export function parseSitemapName(name: string): SitemapFile | null {
  if (name === 'static') return { kind: 'static' };
  const match = /^(cities|profiles)-([1-9]\d{0,4})$/.exec(name);
  return match ? { kind: match[1] as 'cities' | 'profiles', part: Number(match[2]) } : null;
}

interface SitemapOptions {
  clock: () => Date;
  /** When the newest census import ran (null before any): what the files are built from changes then. */
  newestImport: () => Promise<string | null>;
  urlsPerFile?: number;
}

export function createSitemapService(
  repo: SitemapRepo,
  appUrl: string,
  { clock, newestImport, urlsPerFile = URLS_PER_SITEMAP }: SitemapOptions,
) {
  const kept = createKeptFiles({
    clock,
    maxAgeMs: REBUILD_AFTER_MS,
    checkEveryMs: IMPORT_CHECK_MS,
    currentKey: newestImport,
  });
  /** The files the kept index lists: any other name is answered 404 without a query. */
  let listed = new Set<string>();

  const service = {
    robotsTxt(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /settings',
        'Disallow: /login',
        'Disallow: /request-rating',
        'Disallow: /review/',
        'Disallow: /verify-claim/',
        'Disallow: /verify-login/',
        'Disallow: /verify-user-login/',
        'Disallow: /claim-profile/',
        'Disallow: /profile/*/edit',
        '',
        `Sitemap: ${appUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /** The names of the sitemap files: one static file, then as many city and profile files as the data needs. */
    async fileNames(): Promise<string[]> {
      const [companies, cities] = await Promise.all([repo.countCompanies(), repo.countCities()]);
      const files = ['static'];
      for (let part = 1; part <= Math.ceil(cities / urlsPerFile); part += 1) files.push(`cities-${part}`);
      for (let part = 1; part <= Math.ceil(companies / urlsPerFile); part += 1)
        files.push(`profiles-${part}`);
      return files;
    },

    /** The sitemap index of `files` (fileNames). */
    index(files: readonly string[]): string {
      const entries = files.map(
        (file) => `<sitemap><loc>${escapeXml(`${appUrl}/sitemaps/${file}.xml`)}</loc></sitemap>\n`,
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
    },

    /** One sitemap file as a stream of XML chunks, read from the database; null when the file does not exist. */
    async file(file: SitemapFile): Promise<AsyncIterable<string> | null> {
      if (file.kind === 'static') {
        const paths = [...STATIC_PATHS, ...RESOURCE_GUIDES.map((guide) => `/resources/${guide.slug}`)];
        return (async function* () {
          yield URLSET_OPEN;
          for (const path of paths) yield urlEntry(`${appUrl}${path}`);
          yield URLSET_CLOSE;
        })();
      }
      const start = (file.part - 1) * urlsPerFile;
      if (file.kind === 'cities') {
        if (start > 0 && start >= (await repo.countCities())) return null;
        return (async function* () {
          yield URLSET_OPEN;
          for (let offset = start; offset < start + urlsPerFile; offset += READ_BATCH) {
            const cities = await repo.cities(offset, Math.min(READ_BATCH, start + urlsPerFile - offset));
            for (const city of cities) {
              // A code kept as published but outside FMCSA's list has no city page.
              if (!isRecognisedJurisdiction(city.phy_state)) continue;
              yield urlEntry(`${appUrl}${cityPagePath(city.phy_city, city.phy_state)}`);
            }
            if (cities.length < READ_BATCH) break;
          }
          yield URLSET_CLOSE;
        })();
      }
      const firstId = await repo.companyIdAt(start);
      if (firstId === null) return null;
      return (async function* () {
        yield URLSET_OPEN;
        let nextId = firstId;
        let written = 0;
        while (written < urlsPerFile) {
          const rows = await repo.companiesFrom(nextId, Math.min(READ_BATCH, urlsPerFile - written));
          for (const row of rows) yield urlEntry(`${appUrl}/profile/${row.dot_number}`, row.updated_at);
          written += rows.length;
          const last = rows.at(-1);
          if (!last || rows.length < READ_BATCH) break;
          nextId = last.id + 1;
        }
        yield URLSET_CLOSE;
      })();
    },

    /** The sitemap index as kept on disk (kept-files.ts): built at most once an hour, or after an import. */
    async keptIndex(): Promise<KeptFile> {
      const file = await kept.get(INDEX, async () => {
        const files = await service.fileNames();
        listed = new Set(files);
        return (async function* () {
          yield service.index(files);
        })();
      });
      return file!;
    },

    /** A sitemap file as kept on disk; null for a name the kept index does not list. */
    async keptFile(name: string): Promise<KeptFile | null> {
      await service.keptIndex();
      const file = listed.has(name) ? parseSitemapName(name) : null;
      return file ? kept.get(name, () => service.file(file)) : null;
    },

    close: () => kept.close(),
  };
  return service;
}

export type SitemapService = ReturnType<typeof createSitemapService>;
