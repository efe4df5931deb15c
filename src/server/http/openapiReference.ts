import type { OpenApiDocument, OpenApiOperation } from './openapi.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `code` spans of the descriptions as <code>, the rest escaped. */
const prose = (text: string) =>
  escape(text)
    .split('`')
    .map((part, i) => (i % 2 === 1 ? `<code>${part}</code>` : part))
    .join('');

const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

function operation(method: string, path: string, op: OpenApiOperation): string {
  const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
  const parameters = (op.parameters ?? []) as { name: string; in: string; required: boolean; description: string; schema: unknown }[];
  return `<section id="${escape(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${prose(op.summary)}${op.security ? ' <span class="auth">signed in</span>' : ''}</p>
${op.description ? `<p>${prose(op.description)}</p>` : ''}
${parameters.length > 0 ? `<h4>Parameters</h4><ul>${parameters.map((p) => `<li><code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''}): ${prose(p.description)}</li>`).join('')}</ul>` : ''}
${body ? `<h4>Body</h4>${Object.entries(body.content).map(([type, { schema }]) => `<details><summary><code>${escape(type)}</code></summary>${json(schema)}</details>`).join('')}` : ''}
<h4>Answers</h4>
<table><tbody>${Object.entries(op.responses)
    .map(
      ([status, response]) =>
        `<tr><td><code>${status}</code></td><td>${prose(response.description)}${
          response.content ? Object.values(response.content).map(({ schema }) => `<details><summary>schema</summary>${json(schema)}</details>`).join('') : ''
        }</td></tr>`,
    )
    .join('')}</tbody></table>
</section>`;
}

/**
 * A readable page of the OpenAPI document, rendered on the server: no script (the CSP allows
 * none from elsewhere, and the development machine may be offline), only HTML and a stylesheet.
 */
export function referencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)} ${escape(document.info.version)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1a1b1e}
h1{margin-bottom:.25rem}h2{border-bottom:1px solid #ddd;margin-top:2rem;text-transform:capitalize}
section{border:1px solid #e3e3e8;border-radius:6px;margin:1rem 0;padding:.25rem 1rem}
h3{font-size:1rem}h4{margin:.5rem 0 .25rem}.method{border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#2f9e44}.post{background:#1971c2}.put,.patch{background:#e8590c}.delete{background:#e03131}
.auth{background:#f1f3f5;border-radius:4px;font-size:.8rem;padding:.1rem .4rem}
table{border-collapse:collapse;width:100%}td{border-top:1px solid #eee;padding:.3rem;vertical-align:top}td:first-child{width:4rem}
pre{background:#f8f9fa;font-size:.8rem;overflow:auto;padding:.5rem}nav a{margin-right:.75rem}
</style></head><body>
<h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p>${prose(document.info.description)} Base path <code>${escape(document.servers[0]?.url ?? '')}</code>; the document itself: <a href="openapi.json">openapi.json</a>.</p>
<nav>${tags.map((tag) => `<a href="#tag-${escape(tag)}">${escape(tag)}</a>`).join('')}</nav>
${tags.map((tag) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${(byTag.get(tag) ?? []).join('\n')}`).join('\n')}
</body></html>`;
}
