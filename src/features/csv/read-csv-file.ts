import type { CsvImporterConfig, MeasureRoundEntry } from '../../../schemas/api';
import type { CsvParseRequest, CsvParseResponse } from '../../../workers/csv-parse.worker';
import { checkFileSize } from '../../domain/csv-file';
import type { CsvAnalysis } from '../../domain/csv-analysis';

/** The file's preview, computed in a worker; a file that is empty or too large is refused before reading. */
export function readCsvFile(
  file: File,
  config: CsvImporterConfig,
  entries: readonly MeasureRoundEntry[],
): Promise<CsvAnalysis> {
  const sizeProblem = checkFileSize(file.size);
  if (sizeProblem) return Promise.resolve({ ok: false, problem: sizeProblem });
  return new Promise((resolve) => {
    const worker = new Worker(new URL('../../../workers/csv-parse.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<CsvParseResponse>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      resolve({ ok: false, problem: { kind: 'unreadable', reason: e.message } });
    };
    worker.postMessage({ file, config, entries: [...entries] } satisfies CsvParseRequest);
  });
}
