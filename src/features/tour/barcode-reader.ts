import type { BarcodeDetector as PolyfillDetector, BarcodeFormat } from 'barcode-detector/ponyfill';
// the reader's WebAssembly is a file of the app (precached by the service worker), never fetched from a CDN
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the tour needs of a detector: the native `BarcodeDetector` and the polyfill both offer it. */
export interface BarcodeReader {
  detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

type DetectorClass = Pick<typeof PolyfillDetector, 'getSupportedFormats'> &
  (new (options?: { formats?: BarcodeFormat[] }) => BarcodeReader);

/** Labels on stations and timeseries: the usual linear codes of printed labels and the common 2D ones. */
const FORMATS: BarcodeFormat[] = [
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'ean_13',
  'ean_8',
  'itf',
  'upc_a',
  'upc_e',
  'qr_code',
  'data_matrix',
  'aztec',
  'pdf417',
];
/** A native detector is used only when it reads at least these; some platforms expose one that reads only QR. */
const NATIVE_REQUIRED: BarcodeFormat[] = ['code_128', 'code_39', 'ean_13', 'qr_code', 'data_matrix'];

let reader: Promise<BarcodeReader> | undefined;

async function nativeReader(): Promise<BarcodeReader | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    const supported = await Native.getSupportedFormats();
    if (!NATIVE_REQUIRED.every((f) => supported.includes(f))) return undefined;
    return new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
  } catch (e) {
    console.warn('the native barcode detector is not usable, using the polyfill', e);
    return undefined;
  }
}

async function polyfillReader(): Promise<BarcodeReader> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  const wasmUrl = new URL(zxingReaderWasm, window.location.href).href;
  // fireImmediately loads and compiles the wasm now, so the first frame is not the one that waits for it
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: FORMATS });
}

/** The one detector of the app: the browser's own where it reads the label formats, else zxing-wasm. */
export function barcodeReader(): Promise<BarcodeReader> {
  reader ??= nativeReader()
    .then((native) => native ?? polyfillReader())
    .catch((e: unknown) => {
      reader = undefined; // a failed load (storage evicted, …) may be retried on the next scan
      throw e;
    });
  return reader;
}
