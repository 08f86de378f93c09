/** bench/check.mjs: each budget's verdict for a run's results. */
export type BudgetCheck = { name: string; status: 'ok' | 'MISS' | 'not measured' | 'not applicable'; value?: number; limit?: string; note: string };
export declare function checkBudgets(budgets: unknown, results: unknown): BudgetCheck[];
