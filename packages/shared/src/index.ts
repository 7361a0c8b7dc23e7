export * from './messages';
export * from './codes';
export * from './auth';
