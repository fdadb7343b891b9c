/**
 * Operator routes under /admin, guarded by ADMIN_TOKEN (Bearer): mint and revoke API keys, set a team's
 * credit balance and concurrency, mint or rotate a team's webhook signing secret. Disabled (404) when ADMIN_TOKEN
 * is empty (see `requireAdmin`).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { teamStub } from "../../../durable-objects/team";
import { isKeyHash, mintKey, revokeKey } from "../../auth/keys";
import { createRouter } from "../../hono";
import { ApiError, errorResponses } from "../../errors";

const teamId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w.-]+$/, "team ids use letters, digits, '_', '.', '-'");

const mintRoute = createRoute({
  method: "post",
  path: "/admin/keys",
  tags: ["Admin"],
  summary: "Mint an API key for a team",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.strictObject({ teamId, name: z.string().max(128).optional() }) } },
    },
  },
  responses: {
    200: {
      description:
        "The new key (shown once; only its hash is stored). A team's first minted key also " +
        "brings the team its webhook signing secret (`webhookSecret`, shown once).",
      content: {
        "application/json": {
          schema: z.object({
            success: z.literal(true),
            key: z.string(),
            teamId: z.string(),
            hash: z.string(),
            webhookSecret: z.string().optional(),
          }),
        },
      },
    },
    ...errorResponses(400, 401),
  },
});

const revokeRoute = createRoute({
  method: "delete",
  path: "/admin/keys/{hash}",
  tags: ["Admin"],
  summary:
    "Revoke a minted key, named by its sha256 hex (the `hash` its minting " +
    "answered); a key in clear goes in the body of POST /admin/keys/revoke",
  request: { params: z.object({ hash: z.string().min(1) }) },
  responses: {
    200: {
      description: "Revoked",
      content: { "application/json": { schema: z.object({ success: z.literal(true) }) } },
    },
    ...errorResponses(400, 401, 404, 409),
  },
});

const revokeByBodyRoute = createRoute({
  method: "post",
  path: "/admin/keys/revoke",
  tags: ["Admin"],
  summary: "Revoke a minted key given in the body, in clear or as its sha256 hex",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.strictObject({ key: z.string().min(1).max(512) }) } },
    },
  },
  responses: {
    200: {
      description: "Revoked",
      content: { "application/json": { schema: z.object({ success: z.literal(true) }) } },
    },
    ...errorResponses(400, 401, 404, 409),
  },
});

async function revoke(env: Env, keyOrHash: string): Promise<void> {
  const outcome = await revokeKey(env, keyOrHash);
  if (outcome === "env")
    throw new ApiError("CONFLICT", "This key comes from API_KEYS: remove it from that variable to revoke it");
  if (outcome === "missing") throw new ApiError("NOT_FOUND", "No such key");
}

const teamSettingsRoute = createRoute({
  method: "put",
  path: "/admin/teams/{teamId}",
  tags: ["Admin"],
  summary: "Set a team's credit balance (null = unlimited) and concurrency limit",
  request: {
    params: z.object({ teamId }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.strictObject({
            balance: z.int().min(0).nullable().optional(),
            concurrency: z.int().min(1).max(1000).nullable().optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The team's credit state",
      content: {
        "application/json": {
          schema: z.object({ success: z.literal(true), remaining: z.int().nullable(), used: z.int() }),
        },
      },
    },
    ...errorResponses(400, 401),
  },
});

const webhookSecretRoute = createRoute({
  method: "post",
  path: "/admin/teams/{teamId}/webhook-secret",
  tags: ["Admin"],
  summary: "Mint a new webhook signing secret for a team (the old one stops signing at once)",
  request: { params: z.object({ teamId }) },
  responses: {
    200: {
      description: "The team's new secret (shown once): its deliveries are signed with it from now on",
      content: {
        "application/json": {
          schema: z.object({ success: z.literal(true), teamId: z.string(), webhookSecret: z.string() }),
        },
      },
    },
    ...errorResponses(400, 401),
  },
});

export const adminRoutes = createRouter()
  .openapi(mintRoute, async (c) => {
    const body = c.req.valid("json");
    const { key, hash } = await mintKey(c.env, body.teamId, body.name ?? `minted:${body.teamId}`);
    const webhookSecret = await teamStub(c.env, body.teamId).newWebhookSecret(true);
    return c.json(
      { success: true as const, key, teamId: body.teamId, hash, ...(webhookSecret ? { webhookSecret } : {}) },
      200,
    );
  })
  .openapi(webhookSecretRoute, async (c) => {
    const { teamId } = c.req.valid("param");
    const webhookSecret = (await teamStub(c.env, teamId).newWebhookSecret())!;
    return c.json({ success: true as const, teamId, webhookSecret }, 200);
  })
  .openapi(revokeByBodyRoute, async (c) => {
    await revoke(c.env, c.req.valid("json").key);
    return c.json({ success: true as const }, 200);
  })
  .openapi(revokeRoute, async (c) => {
    const { hash } = c.req.valid("param");
    // A key in a URL ends up in access logs and proxies' histories: the path takes the key's sha256 only.
    if (!isKeyHash(hash)) {
      throw new ApiError(
        "BAD_REQUEST",
        "Name the key by its sha256 hex (the hash its minting answered), or send it in " +
          "the body of POST /admin/keys/revoke: a key in a URL ends up in logs",
        [{ path: ["hash"], message: "not a sha256 hex digest", code: "custom" }],
      );
    }
    await revoke(c.env, hash);
    return c.json({ success: true as const }, 200);
  })
  .openapi(teamSettingsRoute, async (c) => {
    const team = teamStub(c.env, c.req.valid("param").teamId);
    await team.configure(c.req.valid("json"));
    const state = await team.credits();
    return c.json({ success: true as const, ...state }, 200);
  });
