import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { currentUser } from '../../db/data-owner';
import type { AppDatabase } from '../../db/database';
import { COLLECTION_LABELS, type CollectionName } from './collection-names';

/** What the support export holds besides the collections (format version 1). */
export interface SupportManifest {
  format: 'hydrorounds-support-export';
  version: 1;
  exportedAt: string;
  clientVersion: string;
  userAgent: string;
  /** the user the device's pulled data belongs to (shared devices); absent when none is recorded */
  username?: string;
  schemaVersions: Record<string, number>;
  counts: Record<string, number>;
}

export interface SupportArchive {
  manifest: SupportManifest;
  collections: Record<string, Record<string, unknown>[]>;
  /** photo bytes by `${docId}/${attachmentId}` */
  photos: Record<string, Uint8Array>;
}

const NAMES = Object.keys(COLLECTION_LABELS) as CollectionName[];
/** Keys never exported, wherever they appear: a support file must not carry credentials. */
const SECRET_KEY = /token|password|secret|authorization/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    );
  return value;
}

/** The whole local database, photo bytes included, as one zip file (fflate) for support. */
export async function buildSupportZip(
  db: AppDatabase,
  meta: { clientVersion: string; userAgent: string; now: Date },
): Promise<Uint8Array> {
  const files: Zippable = {};
  const counts: Record<string, number> = {};
  const schemaVersions: Record<string, number> = {};
  for (const name of NAMES) {
    const collection = db[name];
    const docs = await collection.find().exec();
    counts[name] = docs.length;
    schemaVersions[name] = collection.schema.version;
    files[`collections/${name}.json`] = strToU8(JSON.stringify(docs.map((d) => withoutSecrets(d.toJSON()))));
    if (collection.schema.jsonSchema.attachments === undefined) continue;
    for (const doc of docs) {
      for (const attachment of doc.allAttachments()) {
        const blob = await attachment.getData();
        // already compressed images are stored, not deflated again
        files[`photos/${doc.primary}/${attachment.id}`] = [new Uint8Array(await blob.arrayBuffer()), { level: 0 }];
      }
    }
  }
  const username = (await currentUser(db)) || undefined;
  const manifest: SupportManifest = {
    format: 'hydrorounds-support-export',
    version: 1,
    exportedAt: meta.now.toISOString(),
    clientVersion: meta.clientVersion,
    userAgent: meta.userAgent,
    ...(username ? { username } : {}),
    schemaVersions,
    counts,
  };
  files['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  return zipSync(files, { level: 6 });
}

/** Reads a support export; throws an Error with a user-facing reason when the file is not one. */
export function readSupportZip(bytes: Uint8Array): SupportArchive {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new Error('not a zip file');
  }
  const manifestFile = files['manifest.json'];
  if (!manifestFile) throw new Error('no manifest.json: not a support export of this app');
  const manifest = JSON.parse(strFromU8(manifestFile)) as SupportManifest;
  if (manifest.format !== 'hydrorounds-support-export') throw new Error('not a support export of this app');
  const collections: SupportArchive['collections'] = {};
  const photos: SupportArchive['photos'] = {};
  for (const [path, content] of Object.entries(files)) {
    const collection = /^collections\/(.+)\.json$/.exec(path);
    if (collection) collections[collection[1]!] = JSON.parse(strFromU8(content)) as Record<string, unknown>[];
    else if (path.startsWith('photos/')) photos[path.slice('photos/'.length)] = content;
  }
  return { manifest, collections, photos };
}
