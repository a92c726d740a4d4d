/** What a one-off worker answers: its result, or the reason it could not make one. */
export type WorkerAnswer<T> = ({ ok: true } & T) | { ok: false; error: string };

/**
 * Starts a worker (`start`: `new Worker(new URL(…, import.meta.url))` at the caller, the form Vite bundles), hands
 * it one message and resolves to its one answer; rejects with the worker's reason, its error event or, with
 * `timeoutMs`, when it has not answered by then. The worker is ended in every case.
 */
export function oneWorkerAnswer<T>(
  start: () => Worker,
  message: unknown,
  timeoutMs?: number,
): Promise<{ ok: true } & T> {
  return new Promise((resolve, reject) => {
    const worker = start();
    const end = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            end();
            reject(new Error('the worker did not answer'));
          }, timeoutMs);
    worker.onmessage = (e: MessageEvent<WorkerAnswer<T>>) => {
      end();
      if (e.data.ok) resolve(e.data);
      else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      end();
      reject(new Error(e.message));
    };
    worker.postMessage(message);
  });
}
