/**
 * What of the conversation is sent to the model. Tool results are already cut to their own budget when stored
 * (MAX_PAGE_CHARS); when the whole conversation still passes CONTEXT_BUDGET_CHARS, the oldest tool results are
 * replaced by a short note (the model can read the page again), the latest one is always kept whole.
 */
import type { ConversationMessage } from "../llm/tools";
import { CONTEXT_BUDGET_CHARS } from "./sql-schema";

const ELIDED =
  "[Elided to keep the conversation short: this result was shown earlier. Call the tool again if you need it.]";

function size(message: ConversationMessage): number {
  const calls = message.role === "assistant" && message.tool_calls ? JSON.stringify(message.tool_calls).length : 0;
  return (message.content?.length ?? 0) + calls;
}

export function fitToContext(messages: ConversationMessage[], budget = CONTEXT_BUDGET_CHARS): ConversationMessage[] {
  let total = messages.reduce((sum, m) => sum + size(m), 0);
  if (total <= budget) return messages;
  const lastTool = messages.findLastIndex((m) => m.role === "tool");
  return messages.map((message, i) => {
    if (total <= budget || message.role !== "tool" || i === lastTool || message.content.length <= ELIDED.length)
      return message;
    total -= message.content.length - ELIDED.length;
    return { ...message, content: ELIDED };
  });
}
