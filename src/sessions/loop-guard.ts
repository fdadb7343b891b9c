/**
 * Makes caller code stoppable. Code run by execute may loop forever; on Cloudflare the isolate's CPU limit ends
 * it, but `npm start` enforces none, and a loop that never yields blocks the whole local runtime (no timer can
 * fire while it spins, and the clock does not even advance inside it). So every loop body and every function
 * body gets a call to a guard first — the only points where code can run unboundedly — and the guard throws,
 * for good, once the run is over its budget: a count of guard calls proportional to the timeout (the clock is
 * frozen inside a synchronous loop), or the deadline, for code that awaits between iterations.
 *
 * The guard's name is random per run, so caller code cannot name it to replace it.
 */
import { parse } from "acorn";
import { full } from "acorn-walk";

type Node = { type: string; start: number; end: number; body?: Node; expression?: boolean };

export class CodeSyntaxError extends Error {
  override name = "SyntaxError";
}

/**
 * `code` (a function body: top-level `await` and `return` allowed) with a call to `guardName()` at the start of
 * every loop iteration and every function call.
 */
export function instrumentLoops(code: string, guardName: string): string {
  let program: Node;
  try {
    program = parse(code, {
      ecmaVersion: "latest",
      sourceType: "script",
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
    }) as unknown as Node;
  } catch (e) {
    throw new CodeSyntaxError(e instanceof Error ? e.message : String(e));
  }
  const call = `${guardName}();`;
  const inserts: { at: number; text: string }[] = [];
  const guardBody = (body: Node | undefined) => {
    if (!body) return;
    if (body.type === "BlockStatement") inserts.push({ at: body.start + 1, text: call });
    else inserts.push({ at: body.start, text: `{${call}` }, { at: body.end, text: "}" });
  };
  full(
    program as never,
    ((node: Node) => {
      switch (node.type) {
        case "ForStatement":
        case "ForInStatement":
        case "ForOfStatement":
        case "WhileStatement":
        case "DoWhileStatement":
        case "FunctionDeclaration":
        case "FunctionExpression":
          guardBody(node.body);
          break;
        case "ArrowFunctionExpression":
          if (node.expression && node.body)
            inserts.push({ at: node.body.start, text: `(${guardName}(), ` }, { at: node.body.end, text: ")" });
          else guardBody(node.body);
          break;
      }
    }) as never,
  );
  // Splice from the end so earlier offsets stay valid; at one offset, closing text goes before opening text.
  inserts.sort((a, b) => b.at - a.at || (a.text.startsWith("}") || a.text === ")" ? 1 : -1));
  let out = code;
  for (const { at, text } of inserts) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

/** A fresh identifier nobody else uses. */
export function randomGuardName(): string {
  return `__guard_${crypto.randomUUID().replaceAll("-", "")}`;
}
