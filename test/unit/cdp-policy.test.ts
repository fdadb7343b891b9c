/**
 * The CDP policy of remote browser sessions (src/sessions/cdp-policy.ts): what automation needs passes, what
 * reaches the machine the browser runs on is refused or rewritten.
 */
import { describe, expect, it } from "vitest";
import { checkCdpCommand } from "../../src/sessions/cdp-policy";

const check = (method: string, params: Record<string, unknown> = {}) => checkCdpCommand({ id: 1, method, params });

describe("the CDP policy of browser sessions", () => {
  it.each([
    ["Page.navigate", { url: "https://example.com/" }],
    ["Runtime.evaluate", { expression: "1 + 1" }],
    ["Target.createTarget", { url: "about:blank" }],
    ["Target.attachToTarget", { targetId: "T", flatten: true }],
    ["Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }],
    ["Network.enable", {}],
    ["Fetch.enable", { patterns: [{ urlPattern: "*" }] }],
    ["Input.dispatchMouseEvent", { type: "mousePressed", x: 1, y: 1 }],
    ["Emulation.setDeviceMetricsOverride", { width: 800, height: 600, deviceScaleFactor: 1, mobile: false }],
    ["Browser.getVersion", {}],
    ["Browser.grantPermissions", { permissions: ["geolocation"] }],
    ["Browser.setDownloadBehavior", { behavior: "deny" }],
    ["DOM.querySelector", { nodeId: 1, selector: "input" }],
    ["Page.printToPDF", {}],
    ["Tracing.start", { traceConfig: {} }],
  ])("passes %s as it is", (method, params) => {
    expect(check(method, params)).toBeUndefined();
  });

  it.each([
    ["DOM.setFileInputFiles", { files: ["/etc/passwd"], nodeId: 4 }, "files of the machine"],
    ["DOM.getFileInfo", { objectId: "1" }, "where a file is"],
    ["Page.handleFileChooser", { action: "accept", files: ["/etc/passwd"] }, "file chooser"],
    ["Network.loadNetworkResource", { url: "file:///etc/passwd", options: {} }, "outside any page"],
    ["Target.sendMessageToTarget", { message: "{}", sessionId: "S" }, "flatten: true"],
    ["Target.exposeDevToolsProtocol", { targetId: "T" }, "DevTools connection"],
    ["Target.setRemoteLocations", { locations: [{ host: "127.0.0.1", port: 9222 }] }, "other hosts"],
    ["Target.attachToTarget", { targetId: "T" }, "flat sessions"],
    ["Target.attachToTarget", { targetId: "T", flatten: false }, "flat sessions"],
    ["Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false }, "flat sessions"],
    ["Browser.crash", {}, "browser process"],
    ["Browser.getBrowserCommandLine", {}, "browser process"],
    ["Browser.executeBrowserCommand", { commandId: "openTabSearch" }, "browser process"],
    ["SystemInfo.getProcessInfo", {}, "SystemInfo domain"],
    ["Tethering.bind", { port: 9999 }, "Tethering domain"],
    ["Extensions.loadUnpacked", { path: "/tmp/x" }, "Extensions domain"],
    ["FileSystem.getDirectory", {}, "FileSystem domain"],
    ["Tracing.start", { perfettoConfig: "abc" }, "perfettoConfig"],
    ["", {}, "(none) domain"],
  ])("refuses %s", (method, params, reason) => {
    const verdict = check(method, params);
    expect(verdict && "error" in verdict ? verdict.error : verdict).toContain(reason);
  });

  it("denies downloads instead of writing them to a folder of the machine", () => {
    expect(
      check("Browser.setDownloadBehavior", {
        behavior: "allow",
        downloadPath: "/root",
        eventsEnabled: true,
        browserContextId: "C",
      }),
    ).toEqual({
      params: { behavior: "deny", eventsEnabled: true, browserContextId: "C" },
    });
    expect(check("Page.setDownloadBehavior", { behavior: "allowAndName", downloadPath: "/tmp" })).toEqual({
      params: { behavior: "deny" },
    });
    expect(check("Browser.setDownloadBehavior", { behavior: "default", downloadPath: "/etc" })).toEqual({
      params: { behavior: "deny" },
    });
  });

  it("gives a new browser context the browser's proxy, not the caller's", () => {
    expect(
      check("Target.createBrowserContext", {
        proxyServer: "direct://",
        proxyBypassList: "<-loopback>",
        disposeOnDetach: true,
      }),
    ).toEqual({
      params: { disposeOnDetach: true },
    });
  });

  it("creates isolated worlds without universal access and drops no files into pages", () => {
    expect(check("Page.createIsolatedWorld", { frameId: "F", worldName: "w", grantUniveralAccess: true })).toEqual({
      params: { frameId: "F", worldName: "w" },
    });
    expect(
      check("Input.dispatchDragEvent", {
        type: "drop",
        x: 1,
        y: 1,
        data: { items: [{ mimeType: "text/plain", data: "hi" }], files: ["/etc/passwd"], dragOperationsMask: 1 },
      }),
    ).toEqual({
      params: {
        type: "drop",
        x: 1,
        y: 1,
        data: { items: [{ mimeType: "text/plain", data: "hi" }], dragOperationsMask: 1 },
      },
    });
    expect(
      check("Input.dispatchDragEvent", { type: "dragEnter", x: 1, y: 1, data: { items: [], dragOperationsMask: 1 } }),
    ).toBeUndefined();
  });
});
