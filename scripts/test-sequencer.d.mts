import { BaseSequencer } from 'vitest/node';

/** Hands Vitest's workers the longest test files first, also without Vitest's cache (a clean clone, CI). */
export class DurationSequencer extends BaseSequencer {}
