/** Tag and attribute names as read from the page (src/dom/names.ts): the shared literals must be the same text. */
import { describe, expect, it } from "vitest";
import { KNOWN_NAMES, nameAt } from "../../src/dom/names";

describe("nameAt", () => {
  it("reads every known name, and its neighbours one character longer or shorter, exactly as slicing would", () => {
    for (const name of KNOWN_NAMES) {
      const source = `<x ${name}z>`;
      expect(nameAt(source, 3, 3 + name.length)).toBe(name);
      expect(nameAt(source, 3, 4 + name.length)).toBe(`${name}z`);
      expect(nameAt(source, 3, 2 + name.length)).toBe(name.slice(0, -1));
    }
  });

  it("lower-cases capitals, and passes other names through", () => {
    expect(nameAt("<DIV>", 1, 4)).toBe("div");
    expect(nameAt(" data-Foo=", 1, 9)).toBe("data-foo");
    expect(nameAt("<my-widget>", 1, 10)).toBe("my-widget");
    expect(nameAt("<ÉTÉ>", 1, 4)).toBe("été");
  });
});
