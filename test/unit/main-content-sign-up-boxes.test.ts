/**
 * Main-content extraction and sign-up boxes whose class names say nothing: a box offering a newsletter over a field
 * for an e-mail address goes with its heading and pitch; an e-mail field beside other words (a contact form's
 * prose), a newsletter talked about without a field, and a page title sharing a box with a sign-up form stay. A box
 * whose form a script loads has no field to go by: its title ("Join our newsletter", "Get … delivered to your inbox")
 * names it (named-sections.ts).
 */
import { describe, expect, it } from "vitest";
import { extract, sentence } from "./main-content-site";

const signUpBox = `<section class="elementor-section"><div class="elementor-widget"><h3>Join Our Newsletter</h3></div>
  <div class="elementor-widget"><p><em>Sign up now to get the freshest updates delivered straight to your inbox!</em>\
</p></div>
  <div class="elementor-widget"><form><input type="text" name="form_fields[email]" placeholder="Your e-mail">\
<button>Send</button></form></div></section>`;

describe("sign-up boxes", () => {
  it("cuts a newsletter box with an e-mail field from an article and keeps prose about newsletters", () => {
    const page = `<main><article><h1>Learning languages with apps</h1><p>${sentence("lesson", 4)}</p>${signUpBox}
      <h2>How we tested</h2><p>${sentence("quiz", 4)}</p><p>A newsletter from a teacher, sent to your inbox each week, \
can keep a learner going between lessons.</p></article></main>`;
    const { text } = extract(page);
    expect(text).toContain("The quiz was checked for the 4. time");
    expect(text).toContain("A newsletter from a teacher, sent to your inbox each week");
    expect(text).not.toContain("Join Our Newsletter");
    expect(text).not.toContain("freshest updates");
  });

  it("keeps a box that does not offer a subscription, and a page title beside a sign-up form", () => {
    const contact = `<div class="box"><p>Questions about a lesson? Write to the school office and a teacher answers \
within a day.</p>
      <form><input type="email" name="contact"><textarea name="message"></textarea></form></div>`;
    const titled = `<section class="intro"><div class="modal-content"><p>Sign up for weekly alerts</p><form><input \
type="email"></form></div>
      <h1>Remote language jobs</h1><h2>Find your next role at the board for language teachers.</h2></section>`;
    const { text } = extract(
      `<main>${titled}<article><p>${sentence("lesson", 4)}</p>${contact}<p>${sentence("quiz", 4)}</p></article></main>`,
    );
    expect(text).toContain("Questions about a lesson? Write to the school office");
    expect(text).toContain("Remote language jobs");
  });

  it("cuts a sign-up box whose form a script loads by its title, and keeps a section about newsletters", () => {
    const scripted = `<div class="div-block-12"><h2>Join Our Genius Newsletter</h2>
      <p>Get the latest articles and workbooks delivered to your inbox.</p><div class="hbspt-form"></div></div>`;
    const page = `<main><article><h1>Pricing a yoga class</h1><p>${sentence("price", 4)}</p>${scripted}
      <h2>Newsletters for studios</h2><p>${sentence("newsletter", 3)}</p></article></main>`;
    const { text } = extract(page);
    expect(text).toContain("Newsletters for studios");
    expect(text).toContain("The newsletter was checked for the 3. time");
    expect(text).not.toContain("Join Our Genius Newsletter");
    expect(text).not.toContain("delivered to your inbox");
  });

  it("cuts a line asking the reader to follow the site on social media, and keeps a sentence about following", () => {
    const page = `<main><article><h1>Learning languages with apps</h1><p>${sentence("lesson", 4)}</p>
      <p>Follow Lingo Weekly on <a href="https://x.com/lw">X</a> and <a href="https://facebook.com/lw">Facebook</a>.</p>
      <p>Learners follow a streak on the app for months, and that habit matters more than any one lesson.</p>
      <p>${sentence("quiz", 4)}</p></article></main>`;
    const { text } = extract(page);
    expect(text).toContain("The quiz was checked for the 4. time");
    expect(text).not.toContain("Follow Lingo Weekly");
    expect(text).toContain("Learners follow a streak");
  });
});
