/**
 * The official SDK's type definitions (firecrawl-js 4.42, `dist/index.d.ts`) read with the TypeScript compiler:
 * its client classes, their methods, every option path a method's parameter can carry, and the names a union of
 * string literals allows. Used by the e2e tests that hold the service to the SDK (test/e2e/sdk-contract.test.ts,
 * test/e2e/sdk-v1.test.ts).
 */
import { createRequire } from "node:module";
import ts from "typescript";

const sdkTypes = createRequire(import.meta.url)
  .resolve("@mendable/firecrawl-js")
  .replace(/index\.c?js$/, "index.d.ts");
const program = ts.createProgram([sdkTypes], { strict: true, noEmit: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(sdkTypes)!;

/** A class of the SDK's definitions by name. */
export function sdkClass(name: string): ts.ClassDeclaration {
  const found = source.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === name);
  if (!found) throw new Error(`class ${name} is not in ${sdkTypes}`);
  return found as ts.ClassDeclaration;
}

export function methodNames(cls: ts.ClassDeclaration): string[] {
  const names = cls.members.filter(ts.isMethodDeclaration).map((m) => m.name.getText(source));
  return [...new Set(names)].filter((n) => n !== "constructor");
}

/** The types of parameter `index` of a client's method `name`, one per overload (a generic's constraint). */
export function parameterTypes(cls: string, name: string, index: number): ts.Type[] {
  const overloads = sdkClass(cls).members.filter(
    (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.name.getText(source) === name,
  );
  return overloads.map((method) => {
    const type = checker.getTypeAtLocation(method.parameters[index]);
    return type.isTypeParameter() ? (checker.getBaseConstraintOfType(type) ?? type) : type;
  });
}

/** `t` without null and undefined, a generic parameter read as its constraint (`T & {}` as T's). */
function resolved(t: ts.Type): ts.Type {
  if (t.isTypeParameter()) return resolved(checker.getBaseConstraintOfType(t) ?? checker.getUnknownType());
  const type = checker.getNonNullableType(t);
  const parameter = type.isIntersection() ? type.types.find((member) => member.isTypeParameter()) : undefined;
  return parameter ? resolved(parameter) : type;
}

/**
 * The object types a value of type `t` may be (union and intersection members, list items) that the SDK itself
 * defines: not primitives, functions, free-form records, or another package's classes (a zod schema passed as a
 * JSON schema).
 */
function objectTypes(t: ts.Type): ts.Type[] {
  const type = resolved(t);
  if (type.isUnion()) return type.types.flatMap(objectTypes);
  if (checker.isArrayType(type)) return objectTypes(checker.getTypeArguments(type as ts.TypeReference)[0]);
  if (type.isIntersection()) return [type];
  if (!(type.flags & ts.TypeFlags.Object) || type.getCallSignatures().length) return [];
  if (checker.getIndexInfosOfType(type).length) return [];
  const declarations = (type.aliasSymbol ?? type.getSymbol())?.getDeclarations() ?? [];
  const ours = (file: ts.SourceFile) => file === source || program.isSourceFileDefaultLibrary(file); // Omit<…>
  return declarations.every((d) => ours(d.getSourceFile())) ? [type] : [];
}

/** Every option path the SDK can send in a value of type `t`: `a`, `a.b`, `list[].c`. */
export function optionPaths(t: ts.Type, prefix = "", depth = 0): OptionPath[] {
  if (depth > 3) return [];
  return objectTypes(t).flatMap((object) =>
    checker.getPropertiesOfType(object).flatMap((property) => {
      const type = checker.getTypeOfSymbol(property);
      const path = `${prefix}${property.name}`;
      const list = resolved(type);
      const isList = list.isUnion() ? list.types.some((m) => checker.isArrayType(m)) : checker.isArrayType(list);
      const inner = isList ? `${path}[].` : `${path}.`;
      return [{ path, type, item: leastItem(object) }, ...optionPaths(type, inner, depth + 1)];
    }),
  );
}

export interface OptionPath {
  path: string;
  type: ts.Type;
  /** The least object that holds the option: its fields of one string value (a list item's `type`), required text. */
  item: Record<string, string>;
}

function leastItem(object: ts.Type): Record<string, string> {
  const fields = checker.getPropertiesOfType(object).flatMap((property) => {
    const type = checker.getNonNullableType(checker.getTypeOfSymbol(property));
    if (type.isStringLiteral()) return [[property.name, type.value] as const];
    const required = !(property.flags & ts.SymbolFlags.Optional);
    return required && type.flags & ts.TypeFlags.String ? [[property.name, "x"] as const] : [];
  });
  return Object.fromEntries(fields);
}

/** The string literals a type allows when it is a union of two or more (an enum of the SDK's options). */
export function literals(t: ts.Type): string[] {
  const type = checker.getNonNullableType(t);
  const values = (type.isUnion() ? type.types : []).filter((m) => m.isStringLiteral()).map((m) => m.value);
  return values.length >= 2 ? values : [];
}

/** The string literals a type alias of the SDK's definitions is a union of (`FormatString`: every format name). */
export function sdkLiterals(alias: string): string[] {
  const found = source.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === alias);
  if (!found) throw new Error(`type ${alias} is not in ${sdkTypes}`);
  return literals(checker.getTypeAtLocation(found));
}
