// The peer of bench/jobs-throughput.sh: one round of graphile-worker on a fresh database, tuned
// as its performance page recommends for throughput (a local queue, completions batched,
// a pool one larger than the concurrency). The jobs are enqueued beforehand in one addJobs call;
// the clock runs from starting the worker until it has stopped with every job done, as the
// Java side's round does. Prints "graphile-worker <seconds>".
// Usage: node graphile-throughput.mjs <connectionString> <jobs> <concurrency>
import { makeWorkerUtils, run } from "graphile-worker";

const [connectionString, jobsArg, concurrencyArg] = process.argv.slice(2);
const jobs = Number(jobsArg);
const concurrency = Number(concurrencyArg);
const silent = () => () => {};
const logger = new (await import("graphile-worker")).Logger(silent);

const utils = await makeWorkerUtils({ connectionString, logger });
await utils.migrate();
await utils.addJobs(Array.from({ length: jobs }, (_, n) => ({
  identifier: "noop",
  payload: { n: String(n) },
})));

let handled = 0;
let allHandled;
const done = new Promise((resolve) => { allHandled = resolve; });
const start = process.hrtime.bigint();
const runner = await run({
  connectionString,
  concurrency,
  maxPoolSize: concurrency + 1,
  noHandleSignals: true,
  logger,
  taskList: {
    noop: async () => {
      handled += 1;
      if (handled === jobs) {
        allHandled();
      }
    },
  },
  preset: {
    worker: { localQueue: { size: 500 }, completeJobBatchDelay: 0, failJobBatchDelay: 0 },
  },
});
await done;
await runner.stop();
const seconds = Number(process.hrtime.bigint() - start) / 1e9;

const left = await utils.withPgClient((client) =>
  client.query("select count(*)::int as n from graphile_worker._private_jobs"));
await utils.release();
if (left.rows[0].n !== 0) {
  console.error(`expected every job done, ${left.rows[0].n} left in the queue`);
  process.exit(1);
}
console.log(`graphile-worker ${seconds.toFixed(3)}`);
