/** One consumer scenario: a small module registered in checks/index.ts (STYLE.md, one check per module). */
import type { Failure } from '../../engine/types.js';
import type { ConsumerContext } from './context.js';

export interface ConsumerCheckResult {
  failures: Failure[];
  /** Deliveries and state reads judged. */
  cases: number;
}

export interface ConsumerCheck {
  id: string;
  title: string;
  /** Seed section the scenario enforces. */
  source: string;
  tags: string[];
  run(ctx: ConsumerContext): Promise<ConsumerCheckResult>;
}
