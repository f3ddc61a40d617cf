// The round-robin proxy (cluster.ts) as a process of its own, for the benchmark: in the load generator's
// process it would share that event loop, and each would slow the other. Prints its URL on stdout;
// SIGTERM closes it. Usage: node --import tsx test-cluster/proxy-cli.ts <target url>...
import { roundRobinProxy } from './cluster.js';

const targets = process.argv.slice(2);
if (targets.length === 0) {
  console.error('usage: proxy-cli.ts <target url>...');
  process.exit(64);
}
const proxy = await roundRobinProxy(targets);
console.log(`proxy ${proxy.url}`);
process.once('SIGTERM', () => {
  void proxy.close().then(() => {
    console.error(`proxy: requests per target ${proxy.counts.join(' / ')}`);
    process.exit(0);
  });
});
