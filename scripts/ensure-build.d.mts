/** Builds the app when dist/ is missing or older than its sources. */
export function ensureBuild(): void;
