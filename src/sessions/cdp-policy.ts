/**
 * What a remote browser session's CDP clients may ask of the browser. Locally the browser is a Chromium on the
 * machine that runs the server (as root, without its sandbox, on most development machines), so a command that
 * names a host path or opens a way around the session's egress proxy reaches the machine itself: file inputs
 * filled from host paths (then read with `File.text()`), drops of host files, download folders, a browser
 * context with a proxy of the caller's choosing (`direct://` goes around the egress proxy), wrapped messages
 * (which the hub cannot see into), resources loaded outside any page.
 *
 * The policy is an allow-list: the domains automation tools drive pages with (puppeteer, Playwright, DevTools
 * front-ends), each method of them allowed unless a rule below refuses or rewrites it; every other domain
 * (SystemInfo, Tethering, Extensions, FileSystem, PWA, Cast…) is refused. A rule either refuses the command with
 * a reason or rewrites its parameters before the browser sees them; rewriting keeps tools that send the option
 * by default working (Playwright asks every new context for a download folder and may give it a proxy).
 */
import type { CdpMessage, CommandVerdict } from "./cdp-hub";

/** Domains whose methods are allowed unless a rule says otherwise. */
// prettier-ignore
const ALLOWED_DOMAINS = new Set([
  "Accessibility", "Animation", "Audits", "Autofill", "BackgroundService", "Browser", "CSS", "CacheStorage", "Console",
  "DOM", "DOMDebugger", "DOMSnapshot", "DOMStorage", "Database", "Debugger", "DeviceOrientation", "Emulation",
  "EventBreakpoints", "Fetch", "HeadlessExperimental", "HeapProfiler", "IO", "IndexedDB", "Input", "Inspector",
  "LayerTree", "Log", "Media", "Memory", "Network", "Overlay", "Page", "Performance", "PerformanceTimeline", "Preload",
  "Profiler", "Runtime", "Schema", "Security", "ServiceWorker", "Storage", "Target", "Tracing", "WebAudio", "WebAuthn",
]);

/** The Browser domain reaches the browser process itself: only these of its methods are allowed. */
// prettier-ignore
const BROWSER_METHODS = new Set([
  "getVersion", "getWindowForTarget", "getWindowBounds", "setWindowBounds", "setContentsSize", "grantPermissions",
  "resetPermissions", "setPermission", "setDownloadBehavior", "cancelDownload", "getHistograms", "getHistogram",
]);

/** Methods refused whatever their parameters, with the reason the caller reads. */
const REFUSED: Record<string, string> = {
  "DOM.setFileInputFiles": "it fills a file input from files of the machine the browser runs on",
  "DOM.getFileInfo": "it reveals where a file is on the machine the browser runs on",
  "Page.handleFileChooser": "it fills a file chooser from files of the machine the browser runs on",
  "Network.loadNetworkResource": "it loads a resource outside any page, past the session's egress checks",
  "Target.sendMessageToTarget": "wrapped messages pass around the session's checks; attach with flatten: true",
  "Target.exposeDevToolsProtocol": "it hands a page a DevTools connection that does not pass the session's checks",
  "Target.setRemoteLocations": "it makes the browser connect to other hosts",
};

type Params = Record<string, unknown>;
type Rule = (params: Params) => CommandVerdict | { params: Params };

const refuse = (method: string, reason: string): CommandVerdict => ({
  error: `${method} is not available in browser sessions: ${reason}`,
});

/** Rules that look at a command's parameters: refuse it, or rewrite them (returned as `{params}`). */
const RULES: Record<string, Rule> = {
  // A download folder is a path on the machine the browser runs on: downloads are denied instead.
  "Browser.setDownloadBehavior": (params) => denyDownloads(params),
  "Page.setDownloadBehavior": (params) => denyDownloads(params),
  // A context's own proxy would go around the egress proxy: the context uses the browser's, as every other does.
  "Target.createBrowserContext": ({ proxyServer: _proxy, proxyBypassList: _bypass, ...params }) => ({ params }),
  // Non-flat sessions talk through wrapped messages, which the hub cannot check.
  "Target.attachToTarget": (params) =>
    params.flatten === false || params.flatten === undefined
      ? refuse("Target.attachToTarget", "only flat sessions (flatten: true) are supported")
      : undefined,
  "Target.setAutoAttach": (params) =>
    params.flatten === false || params.flatten === undefined
      ? refuse("Target.setAutoAttach", "only flat sessions (flatten: true) are supported")
      : undefined,
  // A world with universal access may read what its page's origin may not, local files among it.
  "Page.createIsolatedWorld": ({ grantUniveralAccess: _universal, ...params }) => ({ params }),
  // Dropped files are paths on the machine the browser runs on; the drop's other data stays.
  "Input.dispatchDragEvent": (params) => {
    const data = params.data as Params | undefined;
    if (!data || !("files" in data)) return undefined;
    const { files: _files, ...rest } = data;
    return { params: { ...params, data: rest } };
  },
  // A Perfetto configuration can name an output file.
  "Tracing.start": (params) =>
    "perfettoConfig" in params
      ? refuse("Tracing.start", "perfettoConfig is not supported; use traceConfig")
      : undefined,
};

function denyDownloads(params: Params): { params: Params } | undefined {
  if (params.behavior !== "allow" && params.behavior !== "allowAndName" && !("downloadPath" in params))
    return undefined;
  const { downloadPath: _path, ...rest } = params;
  return { params: { ...rest, behavior: "deny" } };
}

/** What the session does with a client's command: undefined to pass it on as it is. */
export function checkCdpCommand(message: CdpMessage): CommandVerdict | { params: Params } {
  const method = message.method ?? "";
  const dot = method.indexOf(".");
  const domain = dot > 0 ? method.slice(0, dot) : method;
  if (!ALLOWED_DOMAINS.has(domain))
    return refuse(method || "(no method)", `the ${domain || "(none)"} domain is not among those sessions allow`);
  if (domain === "Browser" && !BROWSER_METHODS.has(method.slice(dot + 1)))
    return refuse(method, "it reaches the browser process itself");
  const reason = REFUSED[method];
  if (reason) return refuse(method, reason);
  return RULES[method]?.((message.params ?? {}) as Params);
}
