/**
 * GET /docs — a human page over the OpenAPI document (rendered client-side from /v2/openapi.json, no assets
 * to host), with the essentials to get going.
 */
export function docsPage(origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>edgecrawl API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  code, pre { font: 13px ui-monospace, monospace; background: #f3f4f7; border-radius: 4px; }
  pre { padding: .75rem; overflow-x: auto; }
  .route { border-top: 1px solid #e3e5ea; padding: .75rem 0; }
  .method { display: inline-block; min-width: 4.5rem; font-weight: 600; }
  details summary { cursor: pointer; color: #445; }
</style>
</head>
<body>
<h1>edgecrawl API</h1>
<p>Web-data extraction compatible with the Firecrawl v2 API. Every request carries
<code>Authorization: Bearer &lt;API key&gt;</code>. The machine-readable contract is
<a href="/v2/openapi.json"><code>/v2/openapi.json</code></a> (OpenAPI 3.1).</p>
<pre>curl -s ${origin}/v2/scrape \\
  -H "Authorization: Bearer $EDGECRAWL_API_KEY" -H "Content-Type: application/json" \\
  -d '{"url": "https://example.com", "formats": ["markdown", "links"]}'</pre>
<p>Official JS SDK: <code>new Firecrawl({ apiKey, apiUrl: "${origin}" })</code>.</p>
<h2>Routes</h2>
<div id="routes">Loading the OpenAPI document…</div>
<script>
fetch("/v2/openapi.json").then(r => r.json()).then(doc => {
  const out = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.["application/json"]?.schema;
      out.push('<div class="route"><span class="method">' + method.toUpperCase() + '</span><code>' + path + '</code> — \
' +
        (op.summary || "") + (op.description ? '<br><small>' + op.description + '</small>' : "") +
        (body ? '<details><summary>Request body schema</summary><pre>' + JSON.stringify(body, null, 2).replace(/</g, \
"&lt;") + '</pre></details>' : "") +
        '</div>');
    }
  }
  document.getElementById("routes").innerHTML = out.join("");
}).catch(e => { document.getElementById("routes").textContent = "Could not load the OpenAPI document: " + e; });
</script>
</body>
</html>`;
}
