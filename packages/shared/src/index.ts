export * from './messages';
export * from './codes';
export * from './auth';
export * from './events';
export * from './sessions';
export * from './rules';
export * from './qr';
