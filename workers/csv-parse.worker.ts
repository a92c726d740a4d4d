/// <reference lib="webworker" />
// Reads, parses and previews a CSV off the main thread (10,000 lines without a long task).
import type { CsvImporterConfig, MeasureRoundEntry } from '../schemas/api';
import { analyseCsv, type CsvAnalysis } from '../src/domain/csv-analysis';

export interface CsvParseRequest {
  file: Blob;
  config: CsvImporterConfig;
  entries: MeasureRoundEntry[];
}
export type CsvParseResponse = CsvAnalysis;

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<CsvParseRequest>) => {
  const { file, config, entries } = event.data;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    scope.postMessage(analyseCsv(bytes, config, entries) satisfies CsvParseResponse);
  } catch (e) {
    scope.postMessage({
      ok: false,
      problem: { kind: 'unreadable', reason: e instanceof Error ? e.message : String(e) },
    } satisfies CsvParseResponse);
  }
};
