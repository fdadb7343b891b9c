/**
 * A fast path for the selector lists the HTML passes test on every element (junk, boilerplate, most user
 * includeTags/excludeTags): lists of compound selectors made only of a tag, `.class`, `#id` and `[attr]`,
 * `[attr=v]`, `[attr*=v]`, `[attr^=v]`, `[attr$=v]`, `[attr~=v]` (optionally with the ` i` flag). Single-part
 * selectors (a bare tag, class or id) are answered with one set lookup each, so a 60-selector list costs
 * about as much as one selector. Anything else (combinators, pseudo-classes) returns null and the caller
 * uses css-select.
 */
import type { ElementNode } from "./tree";

type AttributeOperator = "" | "=" | "*=" | "^=" | "$=" | "~=";

interface AttributeTest {
  name: string;
  operator: AttributeOperator;
  value: string;
  ignoreCase: boolean;
}

interface Compound {
  tag: string | null;
  classes: string[];
  ids: string[];
  attributes: AttributeTest[];
}

const IDENT = "-?[_a-zA-Z\\u00a0-\\uffff][-\\w\\u00a0-\\uffff]*";
const PART = new RegExp(
  `^(?:(\\*|${IDENT})|\\.(${IDENT})|#(-?[-\\w\\u00a0-\\uffff]+)|\\[\\s*(${IDENT}` +
    `)\\s*(?:([*^$~]?=)\\s*(?:"([^"]*)"|'([^']*)'|(${IDENT}))\\s*(?:\\s([iI]))?\\s*)?\\])`,
);

function parseCompound(text: string): Compound | null {
  const compound: Compound = { tag: null, classes: [], ids: [], attributes: [] };
  let rest = text;
  let first = true;
  while (rest !== "") {
    const match = PART.exec(rest);
    if (match === null) return null;
    const [whole, tag, className, id, attribute, operator, doubleQuoted, singleQuoted, bare, flag] = match;
    if (tag !== undefined) {
      if (!first) return null;
      compound.tag = tag === "*" ? null : tag.toLowerCase();
    } else if (className !== undefined) compound.classes.push(className);
    else if (id !== undefined) compound.ids.push(id);
    else {
      const ignoreCase = flag !== undefined;
      const value = doubleQuoted ?? singleQuoted ?? bare ?? "";
      compound.attributes.push({
        name: attribute.toLowerCase(),
        operator: (operator ?? "") as AttributeOperator,
        value: ignoreCase ? value.toLowerCase() : value,
        ignoreCase,
      });
    }
    rest = rest.slice(whole.length);
    first = false;
  }
  return compound;
}

function attributeMatches(element: ElementNode, test: AttributeTest): boolean {
  const raw = element.attrs[test.name];
  if (raw === undefined) return false;
  return valueMatches(test.ignoreCase ? raw.toLowerCase() : raw, test);
}

/** `actual` is already lower-cased for a case-insensitive test. */
function valueMatches(actual: string, test: AttributeTest): boolean {
  const expected = test.value;
  switch (test.operator) {
    case "":
      return true;
    case "=":
      return actual === expected;
    case "*=":
      return expected !== "" && actual.includes(expected);
    case "^=":
      return expected !== "" && actual.startsWith(expected);
    case "$=":
      return expected !== "" && actual.endsWith(expected);
    case "~=":
      return expected !== "" && listHas(actual, expected);
  }
}

/** Whether the whitespace-separated `list` holds `token` (a class list, without splitting it). */
function listHas(list: string, token: string): boolean {
  let from = 0;
  for (;;) {
    const at = list.indexOf(token, from);
    if (at < 0) return false;
    const end = at + token.length;
    if (
      (at === 0 || isListSpace(list.charCodeAt(at - 1))) &&
      (end === list.length || isListSpace(list.charCodeAt(end)))
    )
      return true;
    from = at + 1;
  }
}

const isListSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;

/** Calls `visit` for each token of a whitespace-separated list until it returns true. */
function someToken(list: string, visit: (token: string) => boolean): boolean {
  let start = -1;
  for (let i = 0; i <= list.length; i++) {
    const space = i === list.length || isListSpace(list.charCodeAt(i));
    if (space) {
      if (start >= 0 && visit(list.slice(start, i))) return true;
      start = -1;
    } else if (start < 0) start = i;
  }
  return false;
}

const hasClass = (element: ElementNode, name: string): boolean => listHas(element.attrs.class ?? "", name);

function compoundMatches(element: ElementNode, compound: Compound): boolean {
  if (compound.tag !== null && element.name !== compound.tag) return false;
  for (const id of compound.ids) if (element.attrs.id !== id) return false;
  for (const name of compound.classes) if (!hasClass(element, name)) return false;
  for (const test of compound.attributes) if (!attributeMatches(element, test)) return false;
  return true;
}

/** Up to this many bare classes in a list, each is searched for in an element's class list rather than its tokens. */
const FEW_CLASSES = 4;

/** A matcher for a simple selector list, or null when the list uses anything beyond the simple grammar. */
export function compileSimpleSelectorList(selectorList: string): ((element: ElementNode) => boolean) | null {
  const tags = new Set<string>();
  const classes = new Set<string>();
  const ids = new Set<string>();
  const others: Compound[] = [];
  /** Single-attribute selectors, grouped by attribute so each value is read (and lower-cased) once per element. */
  const attributeGroups = new Map<string, { exact: AttributeTest[]; ignoringCase: AttributeTest[] }>();
  let any = false;
  for (const part of selectorList.split(",")) {
    const text = part.trim();
    if (text === "") return null;
    const compound = parseCompound(text);
    if (compound === null) return null;
    const parts =
      (compound.tag !== null ? 1 : 0) + compound.classes.length + compound.ids.length + compound.attributes.length;
    if (parts === 0) any = true;
    else if (parts === 1 && compound.tag !== null) tags.add(compound.tag);
    else if (parts === 1 && compound.classes.length === 1) classes.add(compound.classes[0]);
    else if (parts === 1 && compound.ids.length === 1) ids.add(compound.ids[0]);
    else if (parts === 1) {
      const test = compound.attributes[0];
      let group = attributeGroups.get(test.name);
      if (group === undefined) attributeGroups.set(test.name, (group = { exact: [], ignoringCase: [] }));
      (test.ignoreCase ? group.ignoringCase : group.exact).push(test);
    } else others.push(compound);
  }
  // A few classes are each looked for in the class list as it is: no token is cut out of it, no string is made.
  const fewClasses = classes.size <= FEW_CLASSES ? [...classes] : null;
  const hasListedClass = (list: string) => {
    if (fewClasses === null) return someToken(list, (name) => classes.has(name));
    for (const name of fewClasses) if (listHas(list, name)) return true;
    return false;
  };
  return (element) => {
    if (any || tags.has(element.name)) return true;
    const attrs = element.attrs;
    if (ids.size > 0 && attrs.id !== undefined && ids.has(attrs.id)) return true;
    if (classes.size > 0 && attrs.class !== undefined && hasListedClass(attrs.class)) return true;
    for (const [name, group] of attributeGroups) {
      const value = attrs[name];
      if (value === undefined) continue;
      for (const test of group.exact) if (valueMatches(value, test)) return true;
      if (group.ignoringCase.length === 0) continue;
      const lower = value.toLowerCase();
      for (const test of group.ignoringCase) if (valueMatches(lower, test)) return true;
    }
    for (const compound of others) if (compoundMatches(element, compound)) return true;
    return false;
  };
}
