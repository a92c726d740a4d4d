import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { networkFilesOf, type NetworkFiles } from './read-files';

/** The files of a network folder (recursively), a zip or a single JSON/CSV file on disk. */
export function readNetworkPath(path: string): NetworkFiles {
  if (!statSync(path).isDirectory()) return networkFilesOf(readFileSync(path), path.split(sep).pop());
  const files: NetworkFiles = new Map();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(path, full).split(sep).join('/'), readFileSync(full));
    }
  };
  walk(path);
  return files;
}
