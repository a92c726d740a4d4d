import { createContext, useContext } from 'react';
import { tableColumns, type TableColumn } from '../../domain/table-columns';

/** The table's columns from the config (§3 columns), provided once by StationTable for all its rows. */
export const TableColumnsContext = createContext<readonly TableColumn[]>(tableColumns([], 'de'));

export function useTableColumns(): readonly TableColumn[] {
  return useContext(TableColumnsContext);
}
