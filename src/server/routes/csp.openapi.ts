import type { ApiDescription } from '../http/openapi.ts';

/** routes/csp.ts */
export const cspApi: ApiDescription = {
  'POST /csp-report': {
    summary: 'Where browsers report Content-Security-Policy violations',
    bodyContentTypes: ['application/csp-report', 'application/reports+json'],
    responses: {
      204: 'Logged.',
      400: 'Not JSON.',
      413: 'Larger than a report.',
      415: 'Not a report content type.',
      422: 'Not a CSP violation report.',
      429: { description: 'Too many reports from this network.', headers: { 'Retry-After': 'Seconds to wait.' } },
    },
  },
};
