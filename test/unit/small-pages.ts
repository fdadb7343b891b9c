/**
 * A corpus of small pages, hand-written: a main region holding little text — one short paragraph, three list items,
 * a table, a definition list, a code block alone, a form — the shapes of status pages, API reference entries,
 * product specs, one-line answers and error pages. Every word inside the region is content; the site's chrome
 * around it (main-content-site.ts) is not.
 */
import { siteFooter, siteHeader } from "./main-content-site";

export const smallPages: Record<string, string> = {
  "paragraph and back link": `<h1>Doc p3</h1><p>TOKEN-docs-p3</p><a href="/docs/">Back</a>`,
  "one short paragraph": `<h1>Tide tables</h1><p>Published every Monday.</p>`,
  "paragraph without title": `<p>The ferry leaves at noon.</p>`,
  "three list items": `<h1>What to bring</h1><ul><li>Rain jacket</li><li>Boots</li><li>Thermos</li></ul>`,
  "three linked items":
    `<h1>Guides</h1><ul><li><a href="/guides/moor">Mooring</a></li><li><a ` +
    `href="/guides/knots">Knots</a></li><li><a href="/guides/tides">Tides</a></li></ul>`,
  "ordered steps": `<h2>Reset the beacon</h2><ol><li>Open the panel.</li><li>Hold reset.</li><li>Close it.</li></ol>`,
  table:
    `<h1>Opening hours</h1><table><tr><th>Day</th><th>Hours</th></tr><tr>` +
    `<td>Monday</td><td>9–17</td></tr><tr><td>Sunday</td><td>closed</td></tr></table>`,
  "definition list":
    `<h1>Lamp LX-2</h1><dl><dt>Range</dt><dd>18 nautical miles</dd>` +
    `<dt>Power</dt><dd>40 W</dd><dt>Weight</dt><dd>3 kg</dd></dl>`,
  "code block alone": `<pre><code>curl -s https://api.harbour.test/v1/tides?port=kiel</code></pre>`,
  "API entry":
    `<h2>GET /v1/tides</h2><p>Returns the tides of a port.</p><pre>` +
    `<code>{"port": "kiel", "high": "06:12"}</code></pre>`,
  "only a form":
    `<h1>Contact the keeper</h1><form><label>Your name <input name="name"></label>` +
    `<label>Message <textarea name="m"></textarea></label><button>Send</button></form>`,
  "sign-in form and a link":
    `<h1>Log in</h1><form><label>Email <input name="e"></label><label>Password <input type="password" ` +
    `name="p"></label><button>Continue</button></form><p><a href="/forgot">Forgot password?</a></p>`,
  "dated notice": `<h1>Harbour notice</h1><p>Updated 3 Dec 2026</p><p>The east pier is closed for repairs.</p>`,
  "status page": `<h1>All systems operational</h1><p>Last checked 2 minutes ago.</p>`,
  "page a script fills in": `<h1>Tide gauge</h1><p>Loading…</p>`,
  "newsletter page":
    `<h1>Newsletter</h1><p>Sign up for our newsletter: the harbour news in your inbox.</p><form><label>Email ` +
    `<input type="email" name="email"></label><button>Subscribe</button></form>`,
  "error page":
    `<h1>404 Not Found</h1><p>The page you asked for does not ` +
    `exist.</p><p><a href="/">Go to the home page</a></p>`,
  "one-line answer": `<h1>Is the harbour open on Sundays?</h1><p>Yes, from 9 to 5.</p>`,
  "product spec":
    `<h1>Brass lantern</h1><p class="price">€ 89.00</p><table><tr><th>Height</th><td>32 cm</td></tr>` +
    `<tr><th>Finish</th><td>Polished brass</td></tr></table><button>Add to cart</button>`,
  "changelog entry": `<h2>v2.1.0</h2><ul><li>Fixed the beacon timer.</li><li>Faster tide lookups.</li></ul>`,
  "see-also line": `<h1>Doc p3</h1><p>See also: <a href="/docs/p4">Doc p4</a></p>`,
  "member statistics": `<h1>Your account</h1><ul><li>Posts: 3</li><li>Joined: Feb 2020</li></ul>`,
  "event time": `<h1>Next sailing</h1><p><time>2026-12-03T10:00</time></p>`,
  "section link over a title": `<a href="/guides/">Guides</a><h1>Knots</h1><p>Tie a bowline first.</p>`,
  "quote alone": `<blockquote><p>The sea does not reward those who are too anxious.</p></blockquote>`,
  "picture and caption":
    `<h1>The old lighthouse</h1><figure><img src="/light.jpg" alt="Lighthouse ` +
    `at dusk"><figcaption>The tower in 1921.</figcaption></figure>`,
};

/** The ways a page declares its main region, and one that does not declare it. */
export const wrappers: Record<string, (inner: string) => string> = {
  main: (inner) => `${siteHeader}<main>${inner}</main>${siteFooter}`,
  role: (inner) => `${siteHeader}<div role="main" class="page">${inner}</div>${siteFooter}`,
  article: (inner) => `${siteHeader}<div class="wrap"><article>${inner}</article></div>${siteFooter}`,
  plain: (inner) => `${siteHeader}<div class="content">${inner}</div>${siteFooter}`,
};
