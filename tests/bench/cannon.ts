/**
 * Runs autocannon in its own process (in the bench's process it would take the server's CPU):
 * `tsx tests/bench/cannon.ts '<json options>'` prints autocannon's result as JSON.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
const result = await autocannon(options);
console.log(JSON.stringify({ rps: result.requests.average, p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, total: result.requests.total }));
