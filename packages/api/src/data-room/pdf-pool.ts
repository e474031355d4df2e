import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PdfJob, PdfOutcome } from './pdf-jobs';
import { pdfWorkerSource } from './pdf-worker-source';

/**
 * A small pool of PDF workers (decision 103): parsing, checking and stamping run in worker threads,
 * never on the event loop that answers requests. Each worker has a heap limit and each job a time
 * limit; a worker that runs out of either is terminated (taking its memory with it) and replaced, and
 * the job is refused as too complex. In a function's bundle the worker's code is a string inside the
 * bundle (pdf-worker-source.ts), run with `eval`; from the sources it is `pdf-worker.mjs`, which
 * has tsx compile the worker.
 */
export const PDF_WORKER_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 } as const;
export const PDF_JOB_TIMEOUT_MS = 20_000;
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

interface Waiting {
  job: PdfJob;
  resolve: (outcome: PdfOutcome) => void;
}
interface Slot {
  worker: Worker;
  busy: { id: number; resolve: (outcome: PdfOutcome) => void; timer: NodeJS.Timeout } | null;
}

export class PdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiting[] = [];
  private nextId = 1;

  constructor(
    private readonly size = POOL_SIZE,
    private readonly timeoutMs = PDF_JOB_TIMEOUT_MS,
    private readonly source: string | null = pdfWorkerSource,
  ) {}

  run(job: PdfJob): Promise<PdfOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.dispatch();
    });
  }

  /** Ends every worker (tests and the bench; the server's workers live as long as it does). */
  async close(): Promise<void> {
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.size ? this.spawn() : null);
      if (!slot) return;
      const { job, resolve } = this.queue.shift()!;
      const id = this.nextId++;
      const timer = setTimeout(() => this.fail(slot, 'time limit'), this.timeoutMs);
      slot.busy = { id, resolve, timer };
      slot.worker.ref();
      // A copy of the bytes is moved to the worker, not cloned: the caller keeps its own.
      const bytes = job.bytes.slice();
      slot.worker.postMessage({ ...job, bytes, id }, [bytes.buffer]);
    }
  }

  private spawn(): Slot {
    const worker = this.source
      ? // No inherited execArgv: `--input-type=module` would make the CommonJS worker an ES module.
        new Worker(this.source, { eval: true, execArgv: [], workerData: { requireFrom: import.meta.url }, resourceLimits: PDF_WORKER_LIMITS })
      : new Worker(new URL('./pdf-worker.mjs', import.meta.url), { resourceLimits: PDF_WORKER_LIMITS });
    const slot: Slot = { worker, busy: null };
    worker.on('message', (message: { id: number; outcome: PdfOutcome }) => {
      if (slot.busy?.id !== message.id) return;
      this.finish(slot, message.outcome);
    });
    // ERR_WORKER_OUT_OF_MEMORY arrives here, followed by 'exit'.
    worker.on('error', (error) => this.fail(slot, error.message));
    worker.on('exit', () => this.fail(slot, 'exited'));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, outcome: PdfOutcome): void {
    const busy = slot.busy;
    if (!busy) return;
    clearTimeout(busy.timer);
    slot.busy = null;
    slot.worker.unref();
    busy.resolve(outcome);
    this.dispatch();
  }

  /** The worker is done for: terminated and dropped from the pool; its job, if any, is refused. */
  private fail(slot: Slot, why: string): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
    const busy = slot.busy;
    slot.busy = null;
    if (busy) {
      // A refusal for the seller, but worth a line in the log: a bomb, or a worker that cannot start.
      console.error('pdf worker ended during a job:', why);
      clearTimeout(busy.timer);
      busy.resolve({ refused: 'tooComplex', detail: why });
    }
    this.dispatch();
  }
}

let shared: PdfPool | undefined;
/** The process's pool, started at the first upload or download. */
export const pdfPool = (): PdfPool => (shared ??= new PdfPool());
