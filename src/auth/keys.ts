/**
 * API keys. A key is never stored or compared in clear: KV holds `key:<sha256(key)>` → `{teamId, name, source}`.
 *
 * Keys come from two places:
 * - the API_KEYS variable (`team:key` entries, a bare key belongs to team "default"), copied into KV the first
 *   time an isolate authenticates; such an entry only counts while the key is still listed in API_KEYS, so
 *   removing it from the variable revokes it;
 * - keys minted through the admin routes (`source: "minted"`), revoked by deleting their KV entry.
 */
import { sha256Hex, toHex } from "../crypto";
import { kvKeys } from "../storage/layout";

export interface KeyRecord {
  teamId: string;
  name: string;
  source: "env" | "minted";
  createdAt: string;
}

export interface Principal {
  teamId: string;
  keyName: string;
}

/**
 * The entries of a comma-separated `team:value` variable (API_KEYS, WEBHOOK_SECRETS): `team` is null for a bare value.
 * Whitespace and empty entries are ignored.
 */
export function teamEntries(value: string | undefined): { team: string | null; value: string }[] {
  const entries: { team: string | null; value: string }[] = [];
  for (const raw of (value ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const colon = entry.indexOf(":");
    entries.push(
      colon > 0
        ? { team: entry.slice(0, colon).trim(), value: entry.slice(colon + 1).trim() }
        : { team: null, value: entry },
    );
  }
  return entries;
}

/** Parses API_KEYS into key → team (a bare key belongs to team "default"). */
export function parseApiKeys(value: string | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  for (const { team, value: key } of teamEntries(value)) if (key) keys.set(key, team || "default");
  return keys;
}

/** Hashes of the keys currently in API_KEYS, computed once per isolate (per distinct API_KEYS value). */
let envKeyCache: { source: string; hashes: Map<string, string>; synced: Promise<void> | null } | null = null;

async function envKeyHashes(env: Env): Promise<Map<string, string>> {
  const source = env.API_KEYS ?? "";
  if (envKeyCache?.source !== source) {
    const hashes = new Map<string, string>();
    for (const [key, team] of parseApiKeys(source)) hashes.set(await sha256Hex(key), team);
    envKeyCache = { source, hashes, synced: null };
    recentKeys.clear(); // a key's team may have changed with the variable
  }
  return envKeyCache.hashes;
}

/** Copies API_KEYS into KV (once per isolate), so every key is found the same way. */
async function syncEnvKeys(env: Env): Promise<void> {
  const hashes = await envKeyHashes(env);
  const cache = envKeyCache!;
  cache.synced ??= (async () => {
    await Promise.all(
      [...hashes].map(async ([hash, teamId]) => {
        const existing = await env.KV.get<KeyRecord>(kvKeys.apiKey(hash), "json");
        if (existing?.teamId === teamId && existing.source === "env") return;
        const record: KeyRecord = { teamId, name: `env:${teamId}`, source: "env", createdAt: new Date().toISOString() };
        await env.KV.put(kvKeys.apiKey(hash), JSON.stringify(record));
      }),
    );
  })().catch((e) => {
    cache.synced = null;
    throw e;
  });
  await cache.synced;
}

/**
 * Key records this isolate looked up lately (by hash), so that a client's run of requests costs one KV read, not
 * one each. An entry lives KEY_CACHE_TTL_MS: a key revoked in another isolate stops working there within that time
 * (KV itself takes up to a minute to show a change everywhere); a revocation in this isolate is seen at once.
 * Unknown keys are not remembered, so a key minted a moment ago works at once.
 */
export const KEY_CACHE_TTL_MS = 30_000;
const KEY_CACHE_MAX = 1_000;
const recentKeys = new Map<string, { record: KeyRecord; until: number }>();

async function keyRecord(env: Env, hash: string): Promise<KeyRecord | null> {
  const now = Date.now();
  const cached = recentKeys.get(hash);
  if (cached && cached.until > now) return cached.record;
  const record = await env.KV.get<KeyRecord>(kvKeys.apiKey(hash), "json");
  if (recentKeys.size >= KEY_CACHE_MAX) recentKeys.clear();
  if (record) recentKeys.set(hash, { record, until: now + KEY_CACHE_TTL_MS });
  else recentKeys.delete(hash);
  return record;
}

/** The team a presented key belongs to, or null when the key is unknown or revoked. */
export async function authenticateKey(env: Env, presented: string): Promise<Principal | null> {
  if (!presented) return null;
  await syncEnvKeys(env);
  const hash = await sha256Hex(presented);
  const record = await keyRecord(env, hash);
  if (!record) return null;
  if (record.source === "env" && !(await envKeyHashes(env)).has(hash)) return null;
  return { teamId: record.teamId, keyName: record.name };
}

/** Mints a new random key for `teamId`; the clear key is returned once and never stored. */
export async function mintKey(env: Env, teamId: string, name: string): Promise<{ key: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const key = `ec-${toHex(bytes)}`;
  const hash = await sha256Hex(key);
  const record: KeyRecord = { teamId, name, source: "minted", createdAt: new Date().toISOString() };
  await env.KV.put(kvKeys.apiKey(hash), JSON.stringify(record));
  return { key, hash };
}

/** Whether `text` is a key's sha256 hex (how keys are stored and named without being shown). */
export function isKeyHash(text: string): boolean {
  return /^[0-9a-f]{64}$/.test(text);
}

/**
 * Revokes a minted key given in clear or as its sha256 hex. Keys from API_KEYS are not revoked here (they would
 * come back): they are revoked by removing them from the variable.
 */
export async function revokeKey(env: Env, keyOrHash: string): Promise<"revoked" | "env" | "missing"> {
  const hash = isKeyHash(keyOrHash) ? keyOrHash : await sha256Hex(keyOrHash);
  const existing = await env.KV.get<KeyRecord>(kvKeys.apiKey(hash), "json");
  if (!existing) return "missing";
  if (existing.source === "env") return "env";
  await env.KV.delete(kvKeys.apiKey(hash));
  recentKeys.delete(hash);
  return "revoked";
}
