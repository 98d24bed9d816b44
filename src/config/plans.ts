/**
 * The plan table and the charges of decisions.md, in one place. Nothing else in the code
 * hard-codes a credit amount or a rate.
 */
export type PlanName = 'free' | 'hobby' | 'developer' | 'team' | 'company';

export interface Plan {
  name: PlanName;
  /** Credits granted each month. */
  monthlyCredits: number;
  /** Token bucket: capacity, and tokens added per minute. */
  burst: { capacity: number; refillPerMinute: number };
  /** Executions per UTC day, or null when the plan has no daily cap. */
  dailyCap: number | null;
  paid: boolean;
  workspaces: boolean;
  /** Monitors (decisions.md "Monitors"): the shortest schedule interval and how many an account may keep. */
  monitors: { minIntervalSeconds: number; maxMonitors: number };
}

export const PLANS: Readonly<Record<PlanName, Plan>> = Object.freeze({
  free: {
    name: 'free',
    monthlyCredits: 200,
    burst: { capacity: 30, refillPerMinute: 5 },
    dailyCap: 100,
    paid: false,
    workspaces: false,
    monitors: { minIntervalSeconds: 3600, maxMonitors: 3 },
  },
  hobby: {
    name: 'hobby',
    monthlyCredits: 1_000,
    burst: { capacity: 20, refillPerMinute: 20 },
    dailyCap: null,
    paid: true,
    workspaces: false,
    monitors: { minIntervalSeconds: 60, maxMonitors: 20 },
  },
  developer: {
    name: 'developer',
    monthlyCredits: 5_000,
    burst: { capacity: 100, refillPerMinute: 100 },
    dailyCap: null,
    paid: true,
    workspaces: false,
    monitors: { minIntervalSeconds: 60, maxMonitors: 100 },
  },
  team: {
    name: 'team',
    monthlyCredits: 20_000,
    burst: { capacity: 300, refillPerMinute: 300 },
    dailyCap: null,
    paid: true,
    workspaces: true,
    monitors: { minIntervalSeconds: 60, maxMonitors: 500 },
  },
  company: {
    name: 'company',
    monthlyCredits: 100_000,
    burst: { capacity: 500, refillPerMinute: 500 },
    dailyCap: null,
    paid: true,
    workspaces: true,
    monitors: { minIntervalSeconds: 60, maxMonitors: 5000 },
  },
});

export function planOf(name: string): Plan {
  const plan = (PLANS as Record<string, Plan>)[name];
  if (!plan) throw new Error(`unknown plan "${name}"`);
  return plan;
}

/** Credit charges of decisions.md. */
export const CHARGES = Object.freeze({
  /** A build with contributes_to_marketplace: false. */
  privateBuild: 75,
  /** A revision with contributes_to_marketplace: false. */
  privateRevision: 50,
  /** Default price of one successful endpoint call. */
  defaultEndpointPrice: 1,
  /** Login attempts per hour per API and caller. */
  loginAttemptsPerHour: 3,
});
