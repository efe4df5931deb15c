/**
 * Build step: which files each route's screen needs beyond the entry, so the server can name
 * them in the HTML of that route (`<link rel="modulepreload">`, src/server/http/spa.ts). Without
 * it the browser learns of a screen's chunk only once the entry has run and the router matched,
 * one more round trip before the first paint.
 *
 * The routes are read from src/app/router.tsx: each `createRoute({ … })` with a `path` and a
 * lazily imported screen (`import('./screens/…')`), plus the flows its loader preloads
 * (`context.flows.preload('name', …)`), whose modules src/app/flows/catalogue.ts names
 * (`name: { …, load: () => import('../effects/…') … }`). A route under a layout route that shows a
 * lazily loaded frame (the signed-in frame) also names the frame's chunk: a signed-in page cannot
 * paint before its frame, and otherwise the browser learns of the frame only once the session has
 * answered, one more round trip; and the session's flows it starts at sign-in (`scope: 'session'` in
 * the catalogue: the email banner). Those marked `afterFirstPaint` (round-ups, the guided Form 11
 * flow with the tax engine) are not named: they load once the page has painted
 * (src/app/runtime.ts), unless the route's loader asks for them.
 * Writes `route-preloads.json` to the output
 * directory: `[{ path: '/auth/login', files: ['assets/LoginScreen-….js', …] }]`, paths in the
 * router's syntax (`$name` for a parameter).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The module that checks a stored session at start (its `loadApi` imports the HTTP client and the auth calls). */
const AUTH_EFFECTS_FILE = 'src/app/effects/authEffects.ts';

export interface RoutePreload {
  path: string;
  /** Chunks (JS) and their styles (CSS), relative to the output directory. */
  files: string[];
  /**
   * A signed-in route's files that come after its first paint (the frame, the screen, its flows):
   * `files` then holds only what that paint needs (the session check and the shell). The page asks
   * for these once the shell has painted, so they never hold the first paint back.
   */
  later?: string[];
}

/** `path`, screen module and preloaded flows of every route in the router's source that has a path and a screen. */
export function routesOf(routerSource: string): { path: string; module: string; flows: string[] }[] {
  return routerSource
    .split(/createRoute\(\{/)
    .slice(1)
    .flatMap((block) => {
      const routePath = /\bpath:\s*'([^']+)'/.exec(block)?.[1];
      const module = /import\('(\.\/[^']+)'\)/.exec(block)?.[1];
      const preload = /flows\.preload\(([^)]*)\)/.exec(block)?.[1] ?? '';
      const flows = [...preload.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
      return routePath && module ? [{ path: routePath, module, flows }] : [];
    });
}

/**
 * Route path → the modules of the lazily loaded frame its parent layout route shows
 * (`component: signedInFrame` where `const signedInFrame = lazyRouteComponent(() => import('…'), …)`),
 * and of what that layout shows while it loads (`pendingComponent: …`, the same way), for the
 * routes that have one.
 */
export function framesOf(routerSource: string): Map<string, string[]> {
  const lazyModules = new Map([...routerSource.matchAll(/const (\w+) = lazyRouteComponent\(\(\) => import\('(\.\/[^']+)'\)/g)].map((match) => [match[1]!, match[2]!] as const));
  const blocks = [...routerSource.matchAll(/const (\w+) = createRoute\(\{([\s\S]*?)\n\}\);/g)].map((match) => ({ name: match[1]!, body: match[2]! }));
  const framesOfLayout = new Map(
    blocks.flatMap((block) => {
      if (/\bpath:/.test(block.body)) return [];
      const modules = [/\bcomponent:\s*(\w+),/, /\bpendingComponent:\s*(\w+),/].flatMap((pattern) => {
        const module = lazyModules.get(pattern.exec(block.body)?.[1] ?? '');
        return module ? [module] : [];
      });
      return modules.length > 0 ? [[block.name, modules] as const] : [];
    }),
  );
  return new Map(
    blocks.flatMap((block) => {
      const routePath = /\bpath:\s*'([^']+)'/.exec(block.body)?.[1];
      const parent = /getParentRoute:\s*\(\)\s*=>\s*(\w+)/.exec(block.body)?.[1];
      const frames = parent ? framesOfLayout.get(parent) : undefined;
      return routePath && frames ? [[routePath, frames] as const] : [];
    }),
  );
}

/** The flows the catalogue starts at sign-in (`scope: 'session'`), but not those it loads only once the first page has painted (`afterFirstPaint`). */
export function sessionFlowsOf(catalogueSource: string): string[] {
  const starts = [...catalogueSource.matchAll(/^\s*(\w+):\s*\{/gm)];
  return starts.flatMap((start, index) => {
    const entry = catalogueSource.slice(start.index, starts[index + 1]?.index ?? catalogueSource.length);
    return /scope:\s*'session'/.test(entry) && !/afterFirstPaint:\s*true/.test(entry) ? [start[1]!] : [];
  });
}

/** The modules the auth effects import lazily (`import('../../api/…')`): the session check's HTTP client and calls. */
export function restoreModulesOf(authEffectsSource: string): string[] {
  return [...authEffectsSource.matchAll(/import\('(\.\.\/\.\.\/api\/[^']+)'\)/g)].map((match) => match[1]!);
}

/**
 * Flow name → the modules its logic loads from, as src/app/flows/catalogue.ts names them (paths
 * relative to it), in the order it imports them (a flow may load in steps: the last is its effects).
 */
export function flowModulesOf(catalogueSource: string): Map<string, string[]> {
  const starts = [...catalogueSource.matchAll(/^\s*(\w+):\s*\{/gm)];
  return new Map(
    starts.flatMap((start, index) => {
      const entry = catalogueSource.slice(start.index, starts[index + 1]?.index ?? catalogueSource.length);
      const load = /load:\s*\(\)\s*=>([\s\S]*)/.exec(entry)?.[1] ?? '';
      const modules = [...load.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]!);
      return modules.length > 0 ? [[start[1]!, modules] as const] : [];
    }),
  );
}

export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'maxout:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const routerFile = path.join(root, 'src/app/router.tsx');
      const catalogueFile = path.join(root, 'src/app/flows/catalogue.ts');
      const routerSource = readFileSync(routerFile, 'utf8');
      const catalogueSource = readFileSync(catalogueFile, 'utf8');
      const flowModules = flowModulesOf(catalogueSource);
      const framesOfRoutes = framesOf(routerSource);
      const sessionFlows = sessionFlowsOf(catalogueSource);
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])));

      /** A chunk with its static imports and their styles, recursively. */
      const closure = (fileName: string, into: Set<string>) => {
        const chunk = byFile.get(fileName);
        if (!chunk || into.has(fileName)) return;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) closure(imported, into);
      };
      const initial = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, initial);

      // What the stored session's check (GET /profile) imports: on a signed-in page, named first.
      // (A module also imported statically elsewhere may share a chunk rather than have its own.)
      const restoreChunks = restoreModulesOf(readFileSync(path.join(root, AUTH_EFFECTS_FILE), 'utf8')).flatMap((module) => {
        const id = path.resolve(path.dirname(path.join(root, AUTH_EFFECTS_FILE)), module);
        return byModule.get(id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id)) ?? [];
      });

      const preloads: RoutePreload[] = routesOf(routerSource).flatMap((route) => {
        const chunk = byModule.get(path.resolve(path.dirname(routerFile), route.module));
        if (!chunk) return [];
        const files = new Set<string>();
        // The frame the screen shows inside (and what shows while it loads), and the session's flows
        // it starts at sign-in: needed before the first paint. In the order a signed-in page needs them
        // (the browser fetches a few at a time): the session's check, what paints while it runs,
        // then the frame and the screen.
        const frames = framesOfRoutes.get(route.path) ?? [];
        const frameChunks = frames.flatMap((frame) => byModule.get(path.resolve(path.dirname(routerFile), frame)) ?? []);
        if (frameChunks.length > 0) for (const restoreChunk of restoreChunks) closure(restoreChunk.fileName, files);
        // The shell (the layout's pending view, listed last) is all the first paint needs.
        const shellChunk = frameChunks.length > 1 ? frameChunks.at(-1) : undefined;
        if (shellChunk) closure(shellChunk.fileName, files);
        const firstPaint = shellChunk ? new Set(files) : undefined;
        for (const frameChunk of [...frameChunks].reverse()) closure(frameChunk.fileName, files);
        closure(chunk.fileName, files);
        // The route's loader imports its flows' logic next to the screen: name those chunks too.
        for (const flow of [...route.flows, ...(frameChunks.length > 0 ? sessionFlows : [])]) {
          for (const module of flowModules.get(flow) ?? []) {
            const flowChunk = byModule.get(path.resolve(path.dirname(catalogueFile), module));
            if (flowChunk) closure(flowChunk.fileName, files);
          }
        }
        const listed = [...files].filter((file) => !initial.has(file));
        if (!firstPaint) return [{ path: route.path, files: listed }];
        return [{ path: route.path, files: listed.filter((file) => firstPaint.has(file)), later: listed.filter((file) => !firstPaint.has(file)) }];
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
