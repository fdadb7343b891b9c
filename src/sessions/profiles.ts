/**
 * Browser profiles: named per team, shared by remote sessions, interact sessions and scrapes with a
 * `profile`. The state — cookies and the localStorage of the origins the profile visited — is one R2 object;
 * anyone may load it, one saver at a time may write it (the BrowserProfileDO lock). A second saver gets 409.
 */
import { profileStub } from "../../durable-objects/browser-profile";
import { ApiError } from "../errors";
import { r2Keys } from "../storage/layout";

/** A cookie as CDP reports it (Network.getAllCookies), reduced to what setting it back needs. */
export interface ProfileCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}

export interface OriginStorage {
  origin: string;
  localStorage: { name: string; value: string }[];
}

export interface ProfileState {
  v: 1;
  savedAt: string;
  cookies: ProfileCookie[];
  origins: OriginStorage[];
}

export interface ProfileOption {
  name: string;
  saveChanges: boolean;
}

/** A saver keeps the lock this long past its own expected end (saving takes a moment). */
const LOCK_MARGIN_MS = 120_000;

export async function loadProfile(env: Env, teamId: string, name: string): Promise<ProfileState | null> {
  const object = await env.BUCKET.get(r2Keys.profile(teamId, name));
  return object ? ((await object.json()) as ProfileState) : null;
}

export async function storeProfile(
  env: Env,
  teamId: string,
  name: string,
  state: Omit<ProfileState, "v" | "savedAt">,
): Promise<void> {
  const body: ProfileState = { v: 1, savedAt: new Date().toISOString(), ...state };
  await env.BUCKET.put(r2Keys.profile(teamId, name), JSON.stringify(body), {
    httpMetadata: { contentType: "application/json" },
  });
}

/** Takes the profile's saver lock for `holder` until `endsAt` (+ margin), or answers 409 naming the situation. */
export async function lockProfile(
  env: Env,
  teamId: string,
  name: string,
  holder: string,
  endsAt: number,
): Promise<void> {
  const result = await profileStub(env, teamId, name).acquire(holder, endsAt + LOCK_MARGIN_MS);
  if (result.acquired) return;
  throw new ApiError(
    "CONFLICT",
    `Profile "${name}" is in use by another session that saves changes to it ` +
      `(until ${new Date(result.until).toISOString()} at the latest). ` +
      ("Only one session at a time may save to a profile: stop that session, or open this " +
        "one with profile.saveChanges: false to use the profile read-only."),
  );
}

export async function unlockProfile(env: Env, teamId: string, name: string, holder: string): Promise<void> {
  await profileStub(env, teamId, name).release(holder);
}

/** The origins' storage of `current`, plus what `previous` held for origins not visited this time. */
export function mergeOrigins(previous: OriginStorage[], current: OriginStorage[]): OriginStorage[] {
  const merged = new Map(previous.map((o) => [o.origin, o]));
  for (const origin of current) merged.set(origin.origin, origin);
  return [...merged.values()].filter((o) => o.localStorage.length > 0);
}
