/**
 * §3 print-before-save: printing the round before it is queued. One place to call, so it can point to the
 * round printout (src/features/print) once that exists; until then the browser prints the table.
 */
export function printRound(): void {
  window.print();
}
