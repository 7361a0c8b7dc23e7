export * from './time';
export * from './status';
export * from './capacity';
export * from './conflicts';
export * from './sub-sessions';
