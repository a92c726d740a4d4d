import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const XSD = join(import.meta.dirname, '..', 'fixtures', 'gpx-1.1.xsd');

/** Validates a GPX document against the GPX 1.1 schema with Debian's xmllint; returns xmllint's complaints, empty when valid. */
export function gpxSchemaErrors(gpx: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpx-'));
  const file = join(dir, 'round.gpx');
  try {
    writeFileSync(file, gpx);
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    return '';
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? String(e);
    return stderr.trim() || 'xmllint failed';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
