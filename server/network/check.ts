import * as v from 'valibot';
import {
  ConfigSchema,
  EntryDefinitionFields,
  FacilityModelSchema,
  MeasureDocumentSchema,
  MeterSchema,
} from '../../schemas/api';
import { isRealDateTime } from '../../schemas/api/brands';
import { FormulaError, validateFormula } from '../../src/domain/formula';
import type { FormulaNode } from '../../schemas/api';
import { ROLE_WORDS, type Network, type NetworkProblem } from './format';
import type { Origins } from './read-files';

/** What the database already holds that a partial network may refer to (kinds absent from the upload). */
export interface KnownInDatabase {
  roundIds: Set<string>;
  roundNames: Set<string>;
  tsIds: Set<string>;
  modelNames: Set<string>;
  product: string;
}

const EntrySchema = v.object({ mrId: v.pipe(v.string(), v.minLength(1)), ...EntryDefinitionFields });

/** §4: the units the input types read; a near miss of one would silently become a plain number. */
const CODED_UNITS = ['l/s', 'l/min', 'nein/ja', 'nein/unverändert/Ereignis'];
const squash = (u: string) =>
  u
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace('ae', 'ä')
    .replace(/sec$|sek$/, 's')
    .replace(/minute$/, 'min');

/** The coded unit a unit was probably meant to be, when it is a misspelling of one (else undefined). */
export function misspelledUnit(unit: string): string | undefined {
  if (CODED_UNITS.includes(unit)) return undefined;
  const near = CODED_UNITS.find((c) => squash(c) === squash(unit));
  if (near) return near;
  if (/^(nein|ja|no|yes)\s*\//i.test(unit)) return 'nein/ja';
  return undefined;
}

/** CSV column of an entry field path (valibot issue path). */
function entryColumn(path: string): string {
  if (path.startsWith('staLocation.')) return path.slice('staLocation.'.length);
  if (path.startsWith('tsPlausibilityCheck.')) return path.slice('tsPlausibilityCheck.'.length);
  if (path.startsWith('tsFormula')) return 'tsFormula';
  if (path.startsWith('staMetadata')) return 'staMetadata';
  return path;
}

const issuePath = (issue: v.BaseIssue<unknown>) => v.getDotPath(issue) ?? '';

function formulaRefs(node: FormulaNode): string[] {
  return [...(node.tsId !== undefined ? [node.tsId] : []), ...(node.opArgs ?? []).flatMap(formulaRefs)];
}

/**
 * Every rule a network must keep before anything is stored: the §3 schemas, and what a schema cannot see
 * (unique ids, min ≤ max, units, formula references, roles, rounds named by other files, real dates).
 */
export function checkNetwork(network: Network, origins: Origins, known: KnownInDatabase): NetworkProblem[] {
  const problems: NetworkProblem[] = [];
  const at = (kind: string, index: number, item: unknown, column: string, message: string) => {
    const origin = item && typeof item === 'object' ? origins.get(item) : undefined;
    problems.push(
      origin
        ? { file: origin.file, ...(origin.row !== undefined ? { row: origin.row } : {}), column, message }
        : { file: 'network.json', column: `${kind}[${index}].${column}`, message },
    );
  };
  const rounds = network.rounds;
  const roundIds = rounds ? new Set(rounds.map((r) => r.mrId)) : known.roundIds;
  const roundNames = rounds ? new Set(rounds.map((r) => r.mrName)) : known.roundNames;
  if (rounds) {
    const ids = new Map<string, number>();
    const names = new Map<string, number>();
    rounds.forEach((r, i) => {
      if (typeof r.mrId !== 'string' || r.mrId === '') at('rounds', i, r, 'mrId', 'is required');
      if (typeof r.mrName !== 'string' || r.mrName === '') at('rounds', i, r, 'mrName', 'is required');
      const id = ids.get(r.mrId);
      if (id !== undefined) at('rounds', i, r, 'mrId', `the round "${r.mrId}" is listed twice`);
      const name = names.get(r.mrName);
      if (name !== undefined) at('rounds', i, r, 'mrName', `the name "${r.mrName}" is used by two rounds`);
      ids.set(r.mrId, i);
      names.set(r.mrName, i);
    });
  }
  const entries = network.entries;
  const tsIds = entries ? new Set(entries.map((e) => e.tsId as string)) : known.tsIds;
  if (entries) {
    const seen = new Map<string, { index: number; item: object }>();
    entries.forEach((entry, i) => {
      const parsed = v.safeParse(EntrySchema, entry);
      if (!parsed.success)
        for (const issue of parsed.issues) at('entries', i, entry, entryColumn(issuePath(issue)), issue.message);
      if (!roundIds.has(entry.mrId)) at('entries', i, entry, 'mrId', `the round "${entry.mrId}" is not in rounds`);
      const key = `${entry.mrId}|${entry.tsId}`;
      const earlier = seen.get(key);
      if (earlier) {
        const origin = origins.get(earlier.item);
        at(
          'entries',
          i,
          entry,
          'tsId',
          `the timeseries "${entry.tsId}" is in round "${entry.mrId}" twice${origin?.row ? ` (also row ${origin.row})` : ''}`,
        );
      }
      seen.set(key, { index: i, item: entry });
      const check = entry.tsPlausibilityCheck;
      if (check?.min !== undefined && check.max !== undefined && check.min > check.max)
        at(
          'entries',
          i,
          entry,
          'min',
          `the plausibility minimum ${check.min} is greater than the maximum ${check.max}`,
        );
      if (entry.tsUnit !== undefined) {
        const meant = misspelledUnit(entry.tsUnit);
        if (meant)
          at(
            'entries',
            i,
            entry,
            'tsUnit',
            `the unit "${entry.tsUnit}" is not one the input types know; did you mean "${meant}"? (§4: ${CODED_UNITS.join(', ')} choose the input; any other unit is a plain number)`,
          );
      }
      if (entry.tsFormula !== undefined) {
        try {
          validateFormula(entry.tsFormula, 'tsFormula');
          for (const ref of formulaRefs(entry.tsFormula))
            if (!tsIds.has(ref))
              at('entries', i, entry, 'tsFormula', `the formula names the timeseries "${ref}", which is in no round`);
        } catch (e) {
          if (e instanceof FormulaError) at('entries', i, entry, 'tsFormula', e.message);
          else throw e;
        }
      }
    });
  }
  const product = (network.config as { product?: string } | undefined)?.product ?? known.product;
  network.permissions?.forEach((p, i) => {
    if (!p.username) at('permissions', i, p, 'username', 'is required');
    if (!roundIds.has(p.mrId)) at('permissions', i, p, 'mrId', `the round "${p.mrId}" is not in rounds`);
    const word = p.role.startsWith(`${product}_`) ? p.role.slice(product.length + 1) : p.role;
    if (!(ROLE_WORDS as readonly string[]).includes(word))
      at('permissions', i, p, 'role', `"${p.role}" is not a role (${ROLE_WORDS.join(', ')})`);
  });
  const models = network.facilityModels;
  models?.forEach((m, i) => {
    const parsed = v.safeParse(FacilityModelSchema, m);
    if (!parsed.success) for (const issue of parsed.issues) at('facilityModels', i, m, issuePath(issue), issue.message);
  });
  const modelNames = models ? new Set(models.map((m) => m.name)) : known.modelNames;
  const taskIds = new Set<string>();
  network.tasks?.forEach((t, i) => {
    if (taskIds.has(t.taskId)) at('tasks', i, t, 'taskId', `the task "${t.taskId}" is listed twice`);
    taskIds.add(t.taskId);
  });
  const facilityIds = new Set<string>();
  network.facilities?.forEach((f, i) => {
    if (facilityIds.has(f.facilityId))
      at('facilities', i, f, 'facilityId', `the facility "${f.facilityId}" is listed twice`);
    facilityIds.add(f.facilityId);
    if (!modelNames.has(f.model)) at('facilities', i, f, 'model', `"${f.model}" is not a facility model`);
  });
  network.meters?.forEach((m, i) => {
    const parsed = v.safeParse(MeterSchema, m);
    if (!parsed.success)
      for (const issue of parsed.issues)
        at('meters', i, m, issuePath(issue).replace(/^calibration\.\d+\./, ''), issue.message);
  });
  network.documents?.forEach((d, i) => {
    const parsed = v.safeParse(MeasureDocumentSchema, d);
    if (!parsed.success) for (const issue of parsed.issues) at('documents', i, d, issuePath(issue), issue.message);
    if (d.mdMode === 'STATION' && !d.staNumber)
      at('documents', i, d, 'staNumber', 'a STATION document names its station');
    if (d.mdMode === 'MEASURE_ROUND' && !roundNames.has(d.mrName ?? ''))
      at('documents', i, d, 'mrName', `"${d.mrName ?? ''}" is not the name of a round`);
    if (d.mdLastModified !== undefined && !isRealDateTime(d.mdLastModified))
      at('documents', i, d, 'lastModified', `"${d.mdLastModified}" is not a real date and time (YYYY-MM-DDTHH:MM:SSZ)`);
  });
  network.maps?.forEach((m, i) => {
    if (!roundIds.has(m.mrId)) at('maps', i, m, 'mrId', `the round "${m.mrId}" is not in rounds`);
  });
  if (network.config !== undefined) {
    const parsed = v.safeParse(ConfigSchema, network.config);
    if (!parsed.success)
      for (const issue of parsed.issues)
        problems.push({ file: 'config.json', column: issuePath(issue), message: issue.message });
  }
  return problems;
}
