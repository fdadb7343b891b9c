/**
 * `language: "bash"` for execute: scripts of `agent-browser` command lines, which is what the official SDK sends
 * by default and what Firecrawl's sandbox runs. There is no shell here: each line is one `agent-browser`
 * command, run in order on the session's current page; output goes to stdout, and the first failing line stops
 * the script with exit code 1 and its message on stderr. Anything else — other programs, pipes, redirections,
 * substitutions — is refused up front (400) with the list of what runs.
 */
import { parse, type ParseEntry } from "shell-quote";
import type { KeyInput, Page } from "@cloudflare/puppeteer";
import { ApiError, describeError } from "../errors";
import { CLEAR_FIELD, functionFromSource } from "./page-api";
import { findElement, takeSnapshot } from "./snapshot";
import { appendOutput } from "./sandbox-runtime";

// prettier-ignore
export const AGENT_BROWSER_COMMANDS = [
  "open <url>", "snapshot [-i] [-c] [-s <css>]", "click|dblclick|hover|focus <@ref|css>", "fill|type <@ref|css> <text>",
  "press <key>", "select <@ref|css> <value>", "check|uncheck <@ref|css>", "scroll up|down|left|right [px]",
  "wait <ms|css>", "get text|html|value|title|url [<@ref|css>]", "screenshot", "eval <js>", "back|forward|reload",
];

export interface CommandContext {
  page: Page;
  /** Stores a screenshot and returns the URL to print. */
  saveScreenshot: (png: Uint8Array) => Promise<string>;
  /** Milliseconds left before the run's timeout. */
  remainingMs: () => number;
}

export interface ScriptOutcome {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Output of the last command. */
  result: string;
}

/** Parses a script into commands (argument lists without the leading `agent-browser`); 400 for what cannot run. */
export function parseAgentBrowserScript(script: string): string[][] {
  const commands: string[][] = [];
  for (const [index, raw] of script.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const words = parse(line, (name) => `$${name}`).filter(
      (entry) => !(typeof entry === "object" && "comment" in entry),
    );
    const operator = words.find(
      (entry): entry is Exclude<ParseEntry, string> => typeof entry !== "string" && !("pattern" in entry),
    );
    if (operator) {
      throw unsupported(
        `line ${index + 1} uses "${"op" in operator ? operator.op : "?"}": ` +
          `pipes, redirections and command lists do not run here`,
      );
    }
    const args = words.map((entry) => (typeof entry === "string" ? entry : "pattern" in entry ? entry.pattern : ""));
    if (args[0] !== "agent-browser")
      throw unsupported(`line ${index + 1} runs "${args[0]}", and only agent-browser commands run here`);
    if (args.length < 2) throw unsupported(`line ${index + 1} names no agent-browser command`);
    commands.push(args.slice(1));
  }
  if (!commands.length) throw unsupported("the script has no agent-browser command");
  return commands;
}

function unsupported(why: string): ApiError {
  return new ApiError(
    "BAD_REQUEST",
    `language "bash" runs agent-browser command lines, one per line; ${why}. ` +
      `Commands: ${AGENT_BROWSER_COMMANDS.map((c) => `agent-browser ${c}`).join("; ")}. ` +
      'Use language "node" for JavaScript with a puppeteer-style `page`.',
  );
}

export async function runAgentBrowserScript(commands: string[][], ctx: CommandContext): Promise<ScriptOutcome> {
  let stdout = "";
  let result = "";
  for (const args of commands) {
    try {
      result = await runCommand(args, ctx);
      if (result) stdout = appendOutput(stdout, `${result}\n`);
    } catch (e) {
      const stderr = `agent-browser ${args.join(" ")}: ${describeError(e)}\n`;
      return { stdout, stderr, exitCode: 1, result };
    }
  }
  return { stdout, stderr: "", exitCode: 0, result };
}

async function runCommand([command, ...args]: string[], ctx: CommandContext): Promise<string> {
  const { page } = ctx;
  const need = (count: number, usage: string) => {
    if (args.length < count) throw new Error(`usage: agent-browser ${command} ${usage}`);
  };
  const element = async () => findElement(page, args[0]);
  switch (command) {
    case "open":
    case "goto":
    case "navigate": {
      need(1, "<url>");
      const url = /^[a-z][a-z0-9+.-]*:/i.test(args[0]) ? args[0] : `https://${args[0]}`;
      const response = await page.goto(url, { waitUntil: "load", timeout: ctx.remainingMs() });
      return `${await page.title()} (${page.url()})${response ? ` ${response.status()}` : ""}`;
    }
    case "snapshot": {
      const selectorAt = args.indexOf("-s");
      return takeSnapshot(page, {
        interactive: args.includes("-i"),
        compact: args.includes("-c"),
        selector: selectorAt >= 0 ? args[selectorAt + 1] : undefined,
      });
    }
    case "click":
    case "dblclick":
      need(1, "<@ref|css>");
      await (await element()).click({ count: command === "dblclick" ? 2 : 1 });
      return "";
    case "hover":
      need(1, "<@ref|css>");
      await (await element()).hover();
      return "";
    case "focus":
      need(1, "<@ref|css>");
      await (await element()).focus();
      return "";
    case "fill":
    case "type": {
      need(2, "<@ref|css> <text>");
      const target = await element();
      if (command === "fill") await target.evaluate(CLEAR_FIELD);
      await target.type(args.slice(1).join(" "));
      return "";
    }
    case "press":
      need(1, "<key>");
      await pressKeys(page, args[0]);
      return "";
    case "select":
      need(2, "<@ref|css> <value>");
      return (await (await element()).select(...args.slice(1))).join(", ");
    case "check":
    case "uncheck": {
      need(1, "<@ref|css>");
      const target = await element();
      const checked = (await target.evaluate(functionFromSource("(el) => el.checked"))) as boolean;
      if (checked !== (command === "check")) await target.click();
      return "";
    }
    case "scroll": {
      const direction = args[0] ?? "down";
      const pixels = Number(args[1] ?? 500);
      if (!["up", "down", "left", "right"].includes(direction) || !Number.isFinite(pixels))
        throw new Error("usage: agent-browser scroll up|down|left|right [px]");
      const [x, y] = { up: [0, -pixels], down: [0, pixels], left: [-pixels, 0], right: [pixels, 0] }[
        direction as "up"
      ]!;
      await page.evaluate(`window.scrollBy(${x}, ${y})`);
      return "";
    }
    case "wait":
      need(1, "<ms|css>");
      if (/^\d+$/.test(args[0]))
        await new Promise((resolve) => setTimeout(resolve, Math.min(Number(args[0]), ctx.remainingMs())));
      else await page.waitForSelector(args[0], { visible: true, timeout: ctx.remainingMs() });
      return "";
    case "get":
      return getValue(page, args);
    case "screenshot":
      return ctx.saveScreenshot(
        new Uint8Array(await page.screenshot({ type: "png", fullPage: args.includes("--full") })),
      );
    case "eval": {
      need(1, "<js>");
      const value = await page.evaluate(args.join(" "));
      return typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
    }
    case "back":
      await page.goBack();
      return page.url();
    case "forward":
      await page.goForward();
      return page.url();
    case "reload":
      await page.reload();
      return page.url();
    default:
      throw new Error(`unknown command "${command}" (commands: ${AGENT_BROWSER_COMMANDS.join("; ")})`);
  }
}

async function getValue(page: Page, [what, target]: string[]): Promise<string> {
  if (what === "title") return page.title();
  if (what === "url") return page.url();
  const property = { text: "innerText", html: "innerHTML", value: "value" }[what ?? ""];
  if (!property) throw new Error("usage: agent-browser get text|html|value|title|url [<@ref|css>]");
  if (!target) return String(await page.evaluate(`document.body.${property === "value" ? "innerText" : property}`));
  const element = await findElement(page, target);
  return String((await element.evaluate(functionFromSource(`(el) => el.${property} ?? ""`))) ?? "");
}

/** `Enter`, `Tab`, or chords like `Control+a`. */
async function pressKeys(page: Page, chord: string): Promise<void> {
  const keys = chord.split("+").filter(Boolean) as KeyInput[];
  const modifiers = keys.slice(0, -1);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.keyboard.press(keys[keys.length - 1]);
  for (const key of modifiers.reverse()) await page.keyboard.up(key);
}
