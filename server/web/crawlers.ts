// What search engines read (issue 27): robots.txt lets them index the public pages and keeps them
// out of the API and the admin pages; sitemap.xml lists the public pages at the site's own address
// (APP_ORIGIN). Both are text the server writes, never the app's HTML.
import type { FastifyInstance } from 'fastify';

/** The pages a visitor reaches without an account, worth finding in a search. */
export const PUBLIC_PAGES = ['/login', '/register', '/support', '/privacy-policy', '/terms-conditions'] as const;

export function robotsTxt(appOrigin: string): string {
  return [
    '# The public pages may be indexed; the API, the admin pages and the signed-in app may not.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    // The admin sign-in page may be found; the panel and the set-up and invitation pages may not.
    'Disallow: /admin/',
    'Disallow: /admin$',
    'Disallow: /admin-setup',
    'Disallow: /admin-invite',
    '',
    `Sitemap: ${appOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function sitemapXml(appOrigin: string): string {
  const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${escapeXml(appOrigin + p)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function registerCrawlerFiles(app: FastifyInstance, appOrigin: string): void {
  const robots = robotsTxt(appOrigin);
  const sitemap = sitemapXml(appOrigin);
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  app.get('/sitemap.xml', (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap));
}
