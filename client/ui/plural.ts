import { formatHead } from "../../kernel/format.ts";

/**
 * "1 carcass", "1,200 carcasses": a count and its noun. (Its own module, not format.ts: the pages whose
 * islands count nothing, the planner's among them, do not carry it.)
 */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatHead(n)} ${n === 1 ? one : many}`;
