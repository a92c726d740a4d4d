import type { ConfigInput, FacilityModel, MeasureDocument, MeasureRoundEntry, Meter } from '../../schemas/api';

/**
 * The station network file (docs/operator.md): what an operator loads into the reference server instead of
 * writing SQL. One JSON document, or a folder / zip of CSV files (one per kind) an office edits in a
 * spreadsheet. A kind that is absent is left as it is in the database; a kind that is present is made equal
 * to the file (import again = update by key; rows missing from the file are removed where that is safe).
 */
export const NETWORK_FORMAT = 'hydro-rounds-network';
export const NETWORK_VERSION = 1;

export interface NetworkRound {
  mrId: string;
  mrName: string;
  mrGroup?: string;
}

/** One §3 measure round entry definition (no history, no entered data) and the round it belongs to. */
export type NetworkEntry = Omit<
  MeasureRoundEntry,
  | 'last'
  | 'min'
  | 'max'
  | 'minExcludingLast'
  | 'maxExcludingLast'
  | 'sameDay'
  | 'staRemarks'
  | 'staTasks'
  | 'staFacilities'
  | 'dt'
  | 'value'
  | 'valueAfter'
  | 'calculatedValue'
  | 'tsRemark'
  | 'staRemark'
  | 'depthProfile'
  | 'dischargeProtocol'
  | 'dischargeValue'
  | 'snowWaterEquivalent'
> & { mrId: string };

export interface NetworkTask {
  taskId: string;
  staNumber: string;
  taskType: string;
  text?: string;
  taskDone?: boolean;
}

export interface NetworkFacility {
  facilityId: string;
  staNumber: string;
  number?: string;
  name: string;
  model: string;
  attributes?: Record<string, string | number | null>;
  invalid?: boolean;
}

export interface NetworkPermission {
  username: string;
  mrId: string;
  /** OBSERVE, RESPONSIBLE1 or RESPONSIBLE2 (the product prefix is added) */
  role: string;
}

export interface NetworkMap {
  mrId: string;
  kind: 'track' | 'overlay';
  /** '' for a track, ortho or osm for an overlay */
  mapType: '' | 'ortho' | 'osm';
  data: object;
}

export interface Network {
  format?: typeof NETWORK_FORMAT;
  version?: number;
  rounds?: NetworkRound[];
  entries?: NetworkEntry[];
  tasks?: NetworkTask[];
  facilities?: NetworkFacility[];
  permissions?: NetworkPermission[];
  meters?: Meter[];
  facilityModels?: FacilityModel[];
  documents?: MeasureDocument[];
  maps?: NetworkMap[];
  config?: ConfigInput;
}

export const NETWORK_KINDS = [
  'rounds',
  'entries',
  'tasks',
  'facilities',
  'permissions',
  'meters',
  'facilityModels',
  'documents',
  'maps',
  'config',
] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];

/** A problem of the file, named as the operator sees it: file, spreadsheet row (header = row 1) and column. */
export interface NetworkProblem {
  file: string;
  row?: number;
  column?: string;
  message: string;
}

export const problemText = (p: NetworkProblem) =>
  `${p.file}${p.row !== undefined ? `, row ${p.row}` : ''}${p.column ? `, column ${p.column}` : ''}: ${p.message}`;

export class NetworkInvalid extends Error {
  constructor(readonly problems: NetworkProblem[]) {
    super(`${problems.length} problem(s) in the network file:\n${problems.slice(0, 50).map(problemText).join('\n')}`);
  }
}

/** Role names in the file: the §6 suffix; a full name with the product prefix is accepted too. */
export const ROLE_WORDS = ['OBSERVE', 'RESPONSIBLE1', 'RESPONSIBLE2'] as const;
