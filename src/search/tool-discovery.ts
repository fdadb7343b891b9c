/**
 * Firecrawl's tool discovery — the `alexandria` source and `domainTools`, matches from its catalogue of data
 * providers in `data.tools` — exists only in Firecrawl's cloud. A search that asks for it is answered as Firecrawl
 * answers a team without it: 403 with the error "This endpoint is not enabled for this team.". On that answer the
 * official MCP server (firecrawl-mcp 3.26), whose default search asks for tools beside web results, searches again
 * for web results only; a 400 ended its search with an error. `toolDetail` only shapes `data.tools`, so it is
 * accepted and changes nothing here (docs/compatibility.md).
 */
import { ApiError } from "../errors";
import type { SearchRequest, SearchSource } from "../schemas/search";

export const NOT_ENABLED_FOR_TEAM = "This endpoint is not enabled for this team.";
const WHY = "tool discovery (Firecrawl's catalogue of data providers) is only in Firecrawl's cloud";

/** The result sources a search asks for, once it is known not to ask for tools (else the 403 above). */
export function resultSources(body: Pick<SearchRequest, "sources" | "domainTools">): SearchSource[] {
  const names = body.sources.map((s) => (typeof s === "string" ? s : s.type));
  const tools = names.indexOf("alexandria");
  if (tools >= 0 || body.domainTools) {
    const path = tools >= 0 ? ["sources", tools] : ["domainTools"];
    throw new ApiError("NOT_ENABLED", NOT_ENABLED_FOR_TEAM, [{ path, message: WHY, code: "not_enabled" }]);
  }
  return [...new Set(names.filter((name): name is SearchSource => name !== "alexandria"))];
}
