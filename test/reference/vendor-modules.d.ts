/**
 * Type declarations for the HTML-to-Markdown dependencies that ship none usable here: domino's own file
 * declares the old module name "domino" and relies on the DOM lib (which a Worker build does not load), and
 * the Joplin GFM plugin has no types. Only what this project touches is declared.
 */
declare module "@mixmark-io/domino" {
  export interface DominoNode {
    readonly nodeType: number;
    /** Upper-case tag name for elements, "#text" for text nodes. */
    readonly nodeName: string;
    readonly parentNode: DominoNode | null;
    readonly childNodes: ArrayLike<DominoNode>;
    readonly firstChild: DominoNode | null;
    readonly nextSibling: DominoNode | null;
    readonly previousSibling: DominoNode | null;
    textContent: string | null;
  }

  export interface DominoElement extends DominoNode {
    readonly children: ArrayLike<DominoElement>;
    readonly firstElementChild: DominoElement | null;
    getAttribute(name: string): string | null;
    getElementsByTagName(tagName: string): ArrayLike<DominoElement>;
    querySelector(selector: string): DominoElement | null;
  }

  export interface DominoDocument extends DominoNode {
    readonly documentElement: DominoElement;
    readonly body: DominoElement | null;
    querySelector(selector: string): DominoElement | null;
  }

  export function createDocument(html?: string, force?: boolean): DominoDocument;
}

declare module "@joplin/turndown-plugin-gfm" {
  import type TurndownService from "turndown";
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
  export const highlightedCodeBlock: TurndownService.Plugin;
}
