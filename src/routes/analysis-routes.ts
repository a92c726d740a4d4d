import { analysisChartsRoute } from './analysis.charts.$group';
import { analysisRemarksRoute } from './analysis.remarks.$group';
import { analysisTableRoute } from './analysis.table.$group';
import { csvImportRoute } from './csv.$group';
import { hydroRoute } from './hydro.$group';
import { loadTimeseriesValuesRoute } from './loadTimeseriesValues';
import { timeseriesChartRoute } from './timeseriesChart.$tsId';
import { timeseriesChartForStationRoute } from './timeseriesChartForStation.$';

/** The office analysis and import screens, registered together so router.tsx changes by one line. */
export const analysisRoutes = [
  analysisChartsRoute,
  analysisTableRoute,
  analysisRemarksRoute,
  csvImportRoute,
  hydroRoute,
  timeseriesChartRoute,
  timeseriesChartForStationRoute,
  loadTimeseriesValuesRoute,
] as const;
