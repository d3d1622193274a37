// Serves the built React app next to the API. Client-side routes fall back to index.html, or to the page the
// build wrote for that path (photo-upload.html for /photo-upload: index.html that also preloads the page's
// code); anything under /api never does, so a mistyped API path is a JSON 404 and not a page of HTML. The
// build writes a brotli and a gzip copy beside each text file; the copy the browser accepts is sent as it is
// (decision 027), the hashed files under assets/ cached for good and the pages, which name them, checked on
// every visit.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@snaplist/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const HASHED_ASSET = /[/\\]assets[/\\]/;

/** The pages the build wrote beside index.html, by the path they are for: /photo-upload → photo-upload.html. */
function pagesByPath(distDir: string): Map<string, string> {
  const pages = fs.readdirSync(distDir).filter((name) => name.endsWith('.html') && name !== 'index.html');
  return new Map(pages.map((name) => [`/${name.slice(0, -'.html'.length)}`, name]));
}

export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(distDir, 'index.html'));
  const pages = hasWebApp ? pagesByPath(distDir) : new Map<string, string>();
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      setHeaders(response, filePath) {
        response.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir }, 'the web app is not built; only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && !isApi && isPageRequest) {
      const page = pages.get(pathname) ?? 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    const body: ErrorBody = {
      message: isApi ? `There is no API route ${request.method} ${pathname}.` : 'Not found.',
      code: 'not_found',
    };
    return reply.status(404).send(body);
  });
}
