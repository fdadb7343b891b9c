/**
 * The team's credit balance and the charges against it, kept in the team's Durable Object (SQLite: the balance
 * in `settings`, each charge in `ledger`). A team without a balance has unlimited credits; usage is counted
 * either way, each charge attributed to an API key through the usage ledger (./ledger.ts).
 */
import { first, run } from "../../durable-objects/sql";
import type { UsageLedger } from "./ledger";

/** What a piece of work is charged: credits, booked as `reason`, against `ref` (its id), to `apiKey`'s name. */
export interface Charge {
  credits: number;
  reason: string;
  ref?: string;
  apiKey?: string;
}

export interface CreditState {
  /** null = unlimited. */
  remaining: number | null;
  used: number;
}

export class CreditBalance {
  constructor(
    private readonly sql: SqlStorage,
    private readonly usage: UsageLedger,
  ) {}

  /** The balance (null = unlimited). */
  balance(): number | null {
    return first<{ balance: number | null }>(this.sql, "SELECT balance FROM settings WHERE id = 1")!.balance;
  }

  state(): CreditState {
    const used = first<{ used: number | null }>(this.sql, "SELECT SUM(credits) AS used FROM ledger")?.used ?? 0;
    return { remaining: this.balance(), used };
  }

  /** Whether the team may start work that costs at least `credits`. */
  canSpend(credits: number): boolean {
    const balance = this.balance();
    return balance === null || balance >= Math.max(1, credits);
  }

  /**
   * Records usage and lowers the balance (never below zero). Returns the remaining balance (null = unlimited).
   * `apiKey` names the key the charge is attributed to; without it, the key that started the job `ref` names.
   */
  charge(credits: number, reason: string, ref?: string, apiKey?: string): number | null {
    if (credits <= 0) return this.balance();
    const key = this.usage.keyFor(apiKey, ref);
    const insert = "INSERT INTO ledger (at, credits, reason, ref, api_key) VALUES (?, ?, ?, ?, ?)";
    run(this.sql, insert, Date.now(), credits, reason, ref ?? null, key);
    run(this.sql, "UPDATE settings SET balance = MAX(0, balance - ?) WHERE id = 1 AND balance IS NOT NULL", credits);
    return this.balance();
  }

  /**
   * `charge`, unless a charge with this `ref` was already recorded: work that may run twice (a job's step redone
   * after a restart) is billed once.
   */
  chargeOnce(credits: number, reason: string, ref: string): number | null {
    if (first(this.sql, "SELECT 1 AS found FROM ledger WHERE ref = ? LIMIT 1", ref)) return this.balance();
    return this.charge(credits, reason, ref);
  }

  setBalance(balance: number | null): void {
    run(this.sql, "UPDATE settings SET balance = ? WHERE id = 1", balance);
  }

  /** When the team's last successful, charged piece of work was recorded (null: never). */
  lastCharge(): number | null {
    return first<{ at: number | null }>(this.sql, "SELECT MAX(at) AS at FROM ledger")?.at ?? null;
  }
}
