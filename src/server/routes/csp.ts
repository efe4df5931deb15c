import { factory } from '../appEnv.ts';
import { ApiError } from '../http/errors.ts';
import { throwIfLimited } from '../http/rateLimited.ts';
import type { Services } from '../services/index.ts';

/** Report bodies are small; anything bigger is not a report. */
const MAX_REPORT_BYTES = 16 * 1024;

/** A URL as it may be logged: scheme, host and path only (a query or fragment may carry a token), a link token redacted. */
function urlShape(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value);
    // The SPA's /reset-password/{token} page carries a secret in its path.
    const path = url.pathname.replace(/\/reset-password\/[^/]+/i, '/reset-password/[redacted]');
    return `${url.protocol}//${url.host}${path}`.slice(0, 300);
  } catch {
    // "inline", "eval", "self" and the like.
    return value.replace(/[^\w-]/g, '').slice(0, 40);
  }
}

function text(value: unknown, max = 120): string | undefined {
  return typeof value === 'string' ? value.slice(0, max) : undefined;
}

/** One violation, from either report format, reduced to what helps and can be logged. */
function violation(report: Record<string, unknown>) {
  return {
    directive: text(report['effective-directive'] ?? report.effectiveDirective ?? report['violated-directive'] ?? report.violatedDirective),
    blocked: urlShape(report['blocked-uri'] ?? report.blockedURL),
    document: urlShape(report['document-uri'] ?? report.documentURL),
    source: urlShape(report['source-file'] ?? report.sourceFile),
    line: typeof (report['line-number'] ?? report.lineNumber) === 'number' ? (report['line-number'] ?? report.lineNumber) : undefined,
    disposition: text(report.disposition, 20),
  };
}

/**
 * POST /csp-report: where browsers send Content-Security-Policy violations (the CSP header's
 * report-uri). Accepts the classic `application/csp-report` body `{ "csp-report": {...} }` and
 * the Reporting API's `application/reports+json` list; logs each violation as
 * `security.csp_violation` with URLs cut to scheme, host and path. Always 204: a browser does
 * nothing with the answer. Rate-limited per network so it cannot flood the log.
 */
export function cspRoutes({ rateLimiter, rateLimits }: Services) {
  return factory.createApp().post('/csp-report', async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/(csp-report|reports\+json|json)\b/i.test(type)) throw new ApiError(415, 'CSP reports must be sent as application/csp-report or application/reports+json.');
    const hit = await rateLimiter.hit(rateLimits.cspReportPerAddress, c.var.clientNetwork);
    throwIfLimited([hit]);
    const raw = await c.req.text();
    if (raw.length > MAX_REPORT_BYTES) throw new ApiError(413, 'The request body is too large.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'The request body is not valid JSON.');
    }
    const reports: Record<string, unknown>[] = [];
    const asObject = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
    const single = asObject(asObject(parsed)?.['csp-report']);
    if (single) reports.push(single);
    if (Array.isArray(parsed)) {
      for (const entry of parsed.slice(0, 20)) {
        const body = asObject(asObject(entry)?.body);
        if (body && asObject(entry)?.type === 'csp-violation') reports.push(body);
      }
    }
    if (reports.length === 0) throw new ApiError(422, 'The body is not a CSP violation report.');
    for (const report of reports) c.var.log.warn(violation(report), 'security.csp_violation');
    return c.body(null, 204);
  });
}
