/**
 * The most a Lambda bundle may weigh, in KB (decision 007). What a cold start waits for is measured
 * by the bench (cold import ≤ 250 ms); the size guards against a dependency bundled by mistake.
 */
export const BUNDLE_BUDGET_KB = 560;
