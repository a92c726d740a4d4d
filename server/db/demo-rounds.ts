import type { MeasureRoundEntry } from '../../schemas/api';

/** Demo data realistic enough to exercise every input type of §4 (Tyrolean dam, springs and meteo). */
export interface DemoRound {
  mrId: string;
  mrName: string;
  mrGroup: string;
  entries: MeasureRoundEntry[];
}

type Def = Omit<MeasureRoundEntry, 'staNumber' | 'tsId'> & { staNumber: string; tsId: string };
const e = (d: Def) => d as MeasureRoundEntry;

function damRound(): DemoRound {
  const entries: MeasureRoundEntry[] = [];
  const base = { siteName: 'Gepatsch', siteNumber: '20' };
  // 24 obligatory piezometers and crack gauges along the gallery, some with a subordinal.
  for (let i = 1; i <= 24; i++) {
    const staNumber = String(2000 + i);
    const lat = 46.93 + i * 0.0008;
    const lon = 10.74 + i * 0.0006;
    const station = {
      ...base,
      staName: i % 3 === 0 ? `Messstelle Fuge ${i}` : `Piezometer P${i}`,
      staNumber,
      staOrdinal: Math.ceil(i / 2),
      staSubOrdinal: i % 2 === 0 ? 2 : 1,
      staLocation: { latitude: lat, longitude: lon },
    };
    if (i % 3 === 0) {
      entries.push(
        e({
          ...station,
          tsId: `${staNumber}-FW`,
          tsName: 'Fugenweite',
          tsParameter: 'FW',
          tsUnit: 'mm',
          tsPlausibilityCheck: { min: 0, max: 12 },
          // the joint gauges read up to 15 mm before the 2024 repair (§5 "the range that applied then")
          tsPlausibilityHistory: [{ to: '2025-01-01T00:00:00+01:00', min: 0, max: 15 }],
        }),
      );
    } else {
      entries.push(
        e({
          ...station,
          tsId: `${staNumber}-W`,
          tsName: 'Piezometerhöhe',
          tsParameter: 'W',
          tsUnit: 'm ü.A.',
          tsPlausibilityCheck: { min: 1660 + i, max: 1700 + i },
        }),
      );
    }
    if (i % 4 === 0)
      entries.push(
        e({
          ...station,
          tsId: `${staNumber}-T`,
          tsName: 'Wassertemperatur',
          tsParameter: 'LT',
          tsUnit: '°C',
          tsPlausibilityCheck: { min: 0, max: 15 },
        }),
      );
  }
  // Seepage weirs in l/s and l/min, incident and yes/no inspections, -VB decisions, a formula and a no-import entry.
  entries.push(
    e({
      ...base,
      staName: 'Sickerwassermessung Talsohle',
      staNumber: '2101',
      staOrdinal: 13,
      tsId: '2101-Q',
      tsName: 'Sickerwasser',
      tsParameter: 'Q',
      tsUnit: 'l/s',
      tsPlausibilityCheck: { min: 0, max: 25 },
      staMetadata: { verticals: '0.2;0.5;0.8' },
    }),
    e({
      ...base,
      staName: 'Drainage Block 7',
      staNumber: '2102',
      staOrdinal: 14,
      tsId: '2102-Q',
      tsName: 'Drainageabfluss',
      tsParameter: 'Q',
      tsUnit: 'l/min',
      tsPlausibilityCheck: { min: 0, max: 300 },
    }),
    e({
      ...base,
      staName: 'Kontrollgang Nord',
      staNumber: '2103',
      staOrdinal: 15,
      tsId: '2103-VB1',
      tsName: 'Zustand Kontrollgang',
      tsParameter: 'ZU',
      tsUnit: 'nein/unverändert/Ereignis',
    }),
    e({
      ...base,
      staName: 'Kontrollgang Nord',
      staNumber: '2103',
      staOrdinal: 15,
      tsId: '2103-TR',
      tsName: 'Sickerwasser trüb',
      tsParameter: 'TR',
      tsUnit: 'nein/ja',
    }),
    e({
      ...base,
      staName: 'Luftseitige Böschung',
      staNumber: '2104',
      staOrdinal: 16,
      tsId: '2104-ZU',
      tsName: 'Zustand Böschung',
      tsParameter: 'ZU',
      tsUnit: 'nein/unverändert/Ereignis',
    }),
    e({
      ...base,
      staName: 'Stauziel',
      staNumber: '2105',
      staOrdinal: 17,
      tsId: '2105-H',
      tsName: 'Freibord',
      tsParameter: 'H',
      tsUnit: 'm',
      // freeboard from the lake level read by hand in the same round (a reference without tsOp 'last')
      tsFormula: { op: '-', opArgs: [{ const: 1767 }, { tsId: '2106-null' }] },
      tsFormulaString: '1767 - 2106-null',
      tsPlausibilityCheck: { min: 0, max: 120 },
    }),
    e({
      ...base,
      staName: 'Pegel Stausee (Handablesung)',
      staNumber: '2106',
      staOrdinal: 18,
      tsId: '2106-null',
      tsName: 'Seepegel ohne Import',
      tsParameter: 'W',
      tsUnit: 'm ü.A.',
      tsPlausibilityCheck: { min: 1700, max: 1770 },
    }),
  );
  // Optional stations: no ordinal.
  for (let i = 1; i <= 7; i++) {
    const staNumber = String(2200 + i);
    entries.push(
      e({
        ...base,
        staName: `Lot L${i}`,
        staNumber,
        tsId: `${staNumber}-DX`,
        tsName: 'Lotabweichung',
        tsParameter: 'DX',
        tsUnit: 'mm',
        tsPlausibilityCheck: { min: -20, max: 20 },
      }),
    );
  }
  return { mrId: '1', mrName: 'Talsperre Gepatsch Kontrollgang', mrGroup: 'Talsperren', entries };
}

function springRound(): DemoRound {
  const base = { siteName: 'Kaunertal', siteNumber: '31' };
  const metas: Record<string, unknown>[] = [
    { latlng: [47.0412, 10.7433] },
    { latlng: '[47.0521, 10.7389]' },
    { latitude: '47,0634', longitude: '10,7312' },
    { latlng: [47.0701, 10.7255], verticals: '0.3;0.6;0.9;1.2' },
    { latitude: '47,0811', longitude: '10,7201' },
    { latlng: '[47.0902, 10.7102]' },
  ];
  const entries = metas.flatMap((staMetadata, i) => {
    const staNumber = String(3001 + i);
    const station = {
      ...base,
      staName: `Quelle ${['Fissladalm', 'Gsallalm', 'Platzalm', 'Nufelsbach', 'Verpeil', 'Wolfskehr'][i]}`,
      staNumber,
      staOrdinal: i + 1,
      staMetadata,
    };
    return [
      e({
        ...station,
        tsId: `${staNumber}-Q`,
        tsName: 'Quellschüttung',
        tsParameter: 'Q',
        tsUnit: i % 2 === 0 ? 'l/s' : 'l/min',
        tsPlausibilityCheck: i % 2 === 0 ? { min: 0, max: 40 } : { min: 0, max: 2400 },
      }),
      e({
        ...station,
        tsId: `${staNumber}-WT`,
        tsName: 'Wassertemperatur',
        tsParameter: 'WT',
        tsUnit: '°C',
        tsPlausibilityCheck: { min: 0, max: 12 },
      }),
      e({
        ...station,
        tsId: `${staNumber}-LF`,
        tsName: 'Leitfähigkeit',
        tsParameter: 'LF',
        tsUnit: 'µS/cm',
        tsPlausibilityCheck: { min: 20, max: 600 },
      }),
    ];
  });
  // A lake station: the lake level carries a depth profile, the surface temperature a second reading (§3 valueAfter).
  const lake = {
    ...base,
    staName: 'Gepatschspeicher Messfloß',
    staNumber: '3007',
    staOrdinal: 7,
    staMetadata: { latlng: [46.9512, 10.7391], depthProfile: 'W', valueAfter: 'WT' },
  };
  entries.push(
    e({
      ...lake,
      tsId: '3007-W',
      tsName: 'Seespiegel',
      tsParameter: 'W',
      tsUnit: 'm ü.A.',
      tsPlausibilityCheck: { min: 1700, max: 1770 },
    }),
    e({
      ...lake,
      tsId: '3007-WT',
      tsName: 'Oberflächentemperatur',
      tsParameter: 'WT',
      tsUnit: '°C',
      tsPlausibilityCheck: { min: 0, max: 20 },
    }),
  );
  return { mrId: '2', mrName: 'Quellen Kaunertal', mrGroup: 'Quellen', entries };
}

function meteoRound(): DemoRound {
  const stations = [
    { staName: 'Feichten', staNumber: '4001', staLocation: { latitude: 47.0594, longitude: 10.7508 } },
    { staName: 'Gepatschhaus', staNumber: '4002', staLocation: { latitude: 46.9521, longitude: 10.7429 } },
  ];
  const entries = stations.flatMap((s, i) => {
    const station = { siteName: 'Meteo', siteNumber: '40', ...s, staOrdinal: i + 1 };
    return [
      e({
        ...station,
        tsId: `${s.staNumber}-N`,
        tsName: 'Niederschlag',
        tsParameter: 'N',
        tsUnit: 'mm',
        tsPlausibilityCheck: { min: 0, max: 150 },
      }),
      e({
        ...station,
        tsId: `${s.staNumber}-HS`,
        tsName: 'Schneehöhe',
        tsParameter: 'HS',
        tsUnit: 'cm',
        tsPlausibilityCheck: { min: 0, max: 400 },
      }),
      e({
        ...station,
        tsId: `${s.staNumber}-HSN`,
        tsName: 'Neuschnee',
        tsParameter: 'HSN',
        tsUnit: 'cm',
        tsPlausibilityCheck: { min: 0, max: 120 },
      }),
      e({
        ...station,
        tsId: `${s.staNumber}-LT`,
        tsName: 'Lufttemperatur',
        tsParameter: 'LT',
        tsUnit: '°C',
        tsPlausibilityCheck: { min: -35, max: 35 },
      }),
      e({
        ...station,
        tsId: `${s.staNumber}-SWW`,
        tsName: 'Schneewasserwert',
        tsParameter: 'SWW',
        tsUnit: 'mm',
        tsPlausibilityCheck: { min: 0, max: 1500 },
      }),
    ];
  });
  return { mrId: '3', mrName: 'Meteo Kaunertal', mrGroup: 'Meteo', entries };
}

/**
 * Labels as a field worker finds them (§3 tsBarcode): every timeseries carries `HWE-{tsId}`; the springs also
 * have a plate on the station (metadata `barcode`), so both ways of the tour's barcode screen can be tried.
 */
function withBarcodes(round: DemoRound): DemoRound {
  const entries = round.entries.map((entry) => {
    const labelled = { ...entry, tsBarcode: `HWE-${entry.tsId}`.toUpperCase() };
    return round.mrId === '2'
      ? { ...labelled, staMetadata: { ...entry.staMetadata, barcode: `ST-${entry.staNumber}` } }
      : labelled;
  });
  return { ...round, entries };
}

export function demoRounds(): DemoRound[] {
  return [damRound(), springRound(), meteoRound()].map(withBarcodes);
}
