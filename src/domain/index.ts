export * from './dates';
export * from './input-type';
export * from './numbers';
export * from './plausibility';
export * from './row-status';
export * from './station';
export * from './submission';
