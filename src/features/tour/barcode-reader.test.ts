import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const prepared: unknown[] = [];
let failNextLoad = false;
// the polyfill as far as the app uses it; the real one would compile its wasm
vi.mock('barcode-detector/ponyfill', () => ({
  prepareZXingModule: (options: unknown) => {
    prepared.push(options);
    if (failNextLoad) {
      failNextLoad = false;
      return Promise.reject(new Error('wasm not in the cache'));
    }
    return Promise.resolve({});
  },
  BarcodeDetector: class {
    polyfill = true;
    detect() {
      return Promise.resolve([]);
    }
  },
}));

/** A browser's own detector that reads `formats`. */
function nativeDetector(formats: string[]) {
  return class {
    static getSupportedFormats = () => Promise.resolve(formats);
    native = true;
    constructor(readonly options: { formats: string[] }) {}
    detect() {
      return Promise.resolve([]);
    }
  };
}

describe('barcodeReader', () => {
  beforeEach(() => {
    vi.resetModules();
    prepared.length = 0;
    vi.stubGlobal('window', { location: { href: 'https://app.example/mobile/x' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each<[string, string[] | undefined, 'native' | 'polyfill']>([
    ['no native detector', undefined, 'polyfill'],
    ['a native detector for QR codes only', ['qr_code'], 'polyfill'],
    [
      'a native detector for the label formats',
      ['code_128', 'code_39', 'ean_13', 'qr_code', 'data_matrix', 'aztec', 'unknown'],
      'native',
    ],
  ])('%s → %s', async (_name, formats, expected) => {
    if (formats) vi.stubGlobal('BarcodeDetector', nativeDetector(formats));
    const { barcodeReader } = await import('./barcode-reader');
    const reader = (await barcodeReader()) as unknown as {
      native?: boolean;
      polyfill?: boolean;
      options?: { formats: string[] };
    };
    expect(reader[expected]).toBe(true);
    if (expected === 'native')
      expect(reader.options?.formats).toEqual(['code_128', 'code_39', 'ean_13', 'qr_code', 'data_matrix', 'aztec']);
    // the same reader for every scan
    expect(await barcodeReader()).toBe(reader);
  });

  it('points the polyfill at the wasm the app serves, never a CDN', async () => {
    const { barcodeReader } = await import('./barcode-reader');
    await barcodeReader();
    const { overrides } = prepared[0] as { overrides: { locateFile: (path: string, prefix: string) => string } };
    const url = new URL(overrides.locateFile('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/'));
    expect(url.origin).toBe('https://app.example');
    expect(url.pathname).toMatch(/zxing_reader.*\.wasm$/);
    expect(overrides.locateFile('other.data', 'https://app.example/p/')).toBe('https://app.example/p/other.data');
  });

  it('falls back to the polyfill when the native detector throws', async () => {
    vi.stubGlobal('BarcodeDetector', { getSupportedFormats: () => Promise.reject(new Error('not here')) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { barcodeReader } = await import('./barcode-reader');
    expect(await barcodeReader()).toMatchObject({ polyfill: true });
  });

  it('loads again on the next scan after a failed load', async () => {
    failNextLoad = true;
    const { barcodeReader } = await import('./barcode-reader');
    await expect(barcodeReader()).rejects.toThrow('wasm not in the cache');
    expect(await barcodeReader()).toMatchObject({ polyfill: true });
    expect(prepared).toHaveLength(2);
  });
});
