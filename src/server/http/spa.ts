import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { AFTER_FIRST_PAINT_ID } from '../../domain/constants.ts';
import type { AppEnv } from '../appEnv.ts';
import type { Logger } from '../services/logger.ts';

/** Hashed file names (Vite's output under /assets) never change content: cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else, HTML first, is revalidated on every use so a new deploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/** Content types the build precompresses (scripts/vitePrecompress.ts); their answer depends on Accept-Encoding. */
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml|wasm)|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon))/i;

/**
 * The built SPA under `staticDir`: its files, and index.html for every other path outside
 * /api and /assets (the router's history fallback; a missing hashed asset is a 404, not HTML).
 *
 * The build wrote `.br` and `.gz` beside each compressible file; serveStatic's `precompressed`
 * sends the one the request's Accept-Encoding names (brotli first) with its Content-Encoding,
 * and the file itself otherwise. Every such answer carries `Vary: Accept-Encoding`, the
 * identity one included, so a shared cache keeps the variants apart.
 */
export function mountSpa(app: Hono<AppEnv>, staticDir: string, log: Logger) {
  const indexFile = path.join(staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    log.warn({ staticDir }, 'no built SPA found; run `npm run build`');
    return;
  }
  const root = path.relative(process.cwd(), staticDir) || '.';
  const files = serveStatic<AppEnv>({ root, precompressed: true });
  const index = serveStatic<AppEnv>({ path: path.relative(process.cwd(), indexFile), precompressed: true });

  const routePage = routePages(staticDir, log);

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    const isAsset = c.req.path.startsWith('/assets/');
    let response = await files(c, async () => {});
    if (!response && !isAsset) {
      const page = routePage(c.req.path);
      response = page ? pageResponse(page, c.req.header('accept-encoding'), c.req.method === 'HEAD') : await index(c, async () => {});
    }
    if (!response) return next();

    const type = response.headers.get('content-type') ?? '';
    response.headers.set('Cache-Control', isAsset && response.ok ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    if (COMPRESSIBLE_TYPE.test(type) && !/accept-encoding/i.test(response.headers.get('vary') ?? '')) {
      response.headers.append('Vary', 'Accept-Encoding');
    }
    return response;
  });
}

/** index.html naming one route's files, in each encoding (made on first use, then kept). */
interface RoutePage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A path of the router (`/reset-password/$token`) as a pattern of request paths. */
function routePattern(routePath: string): RegExp {
  const escaped = routePath.split('/').map((part) => (part.startsWith('$') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}/?$`);
}

/**
 * index.html for a request path, with `<link rel="modulepreload">` (and style preloads) for the
 * files of its route's screen, which the build listed in route-preloads.json
 * (scripts/viteRoutePreloads.ts): the browser fetches them beside the entry instead of after it.
 * Undefined for a path of no listed route, or without the list: index.html as it is then.
 */
function routePages(staticDir: string, log: Logger): (requestPath: string) => RoutePage | undefined {
  const listFile = path.join(staticDir, 'route-preloads.json');
  if (!existsSync(listFile)) return () => undefined;
  let routes: { pattern: RegExp; links: string }[];
  try {
    const list = JSON.parse(readFileSync(listFile, 'utf8')) as { path: string; files: string[]; later?: string[] }[];
    const linksTo = (files: string[]) =>
      files.map((file) => (file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/${file}">` : `<link rel="modulepreload" crossorigin href="/${file}">`)).join('');
    routes = list.map((route) => ({
      pattern: routePattern(route.path),
      // What comes after the first paint waits, inert, in a template the page moves into its head
      // once the shell has painted (src/app/layout/shellFrame.ts).
      links: `${linksTo(route.files)}${route.later?.length ? `<template id="${AFTER_FIRST_PAINT_ID}">${linksTo(route.later)}</template>` : ''}`,
    }));
  } catch (error) {
    log.warn({ err: error }, 'route-preloads.json unreadable; pages are sent without their route preloads');
    return () => undefined;
  }
  const template = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const made = new Map<string, RoutePage>();
  return (requestPath) => {
    const route = routes.find((candidate) => candidate.pattern.test(requestPath));
    if (!route || !route.links) return undefined;
    let page = made.get(route.links);
    if (!page) {
      const html = Buffer.from(template.replace('</head>', `${route.links}</head>`));
      page = {
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      made.set(route.links, page);
    }
    return page;
  };
}

/** Whether Accept-Encoding admits `coding` (listed, without q=0). */
function accepts(acceptEncoding: string | undefined, coding: string): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return name === coding && !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param));
  });
}

function pageResponse(page: RoutePage, acceptEncoding: string | undefined, head: boolean): Response {
  const encoding = accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : undefined;
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length), Vary: 'Accept-Encoding' });
  if (encoding) headers.set('Content-Encoding', encoding);
  return new Response(head ? null : new Uint8Array(body), { status: 200, headers });
}
