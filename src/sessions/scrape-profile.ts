/**
 * A scrape's `profile`: the browser engine's fresh context starts from the profile's saved cookies
 * and localStorage, and with `saveChanges` the context's state is saved back after the page was captured. A
 * saving scrape holds the profile's saver lock while it runs, like a session would (409 when another holds it).
 */
import type { Page } from "@cloudflare/puppeteer";
import { describeError } from "../errors";
import { newId } from "../ids";
import { captureProfile, seedProfile, webOrigins } from "./profile-browser";
import {
  loadProfile,
  lockProfile,
  mergeOrigins,
  storeProfile,
  unlockProfile,
  type ProfileOption,
  type ProfileState,
} from "./profiles";

export interface ScrapeProfile {
  /** Saves the page's context back into the profile (with saveChanges); a warning when that failed. */
  save(page: Page): Promise<string | null>;
  release(): Promise<void>;
}

/** Loads `profile` into `page`'s (fresh) context; takes the saver lock until `deadlineAt` when it saves. */
export async function openScrapeProfile(
  env: Env,
  teamId: string,
  profile: ProfileOption,
  page: Page,
  deadlineAt: number,
): Promise<ScrapeProfile> {
  const holder = `scrape:${newId()}`;
  if (profile.saveChanges) await lockProfile(env, teamId, profile.name, holder, deadlineAt);
  let state: ProfileState | null = null;
  try {
    state = await loadProfile(env, teamId, profile.name);
    if (state) await seedProfile(page, state);
  } catch (e) {
    if (profile.saveChanges) await unlockProfile(env, teamId, profile.name, holder).catch(() => {});
    throw e;
  }
  return {
    async save(page) {
      if (!profile.saveChanges) return null;
      try {
        // The page is done with: the scrape's request router must not answer the offline visits of captureProfile.
        page.removeAllListeners("request");
        const visited = webOrigins([page.url(), ...page.frames().map((frame) => frame.url())]);
        const captured = await captureProfile(page, [
          ...new Set([...visited, ...(state?.origins ?? []).map((o) => o.origin)]),
        ]);
        await storeProfile(env, teamId, profile.name, {
          cookies: captured.cookies,
          origins: mergeOrigins(state?.origins ?? [], captured.origins),
        });
        return null;
      } catch (e) {
        return `The browser profile "${profile.name}" could not be saved: ${describeError(e)}`;
      }
    },
    async release() {
      if (profile.saveChanges) await unlockProfile(env, teamId, profile.name, holder).catch(() => {});
    },
  };
}
