export * from './auth';
export * from './common/errors';
export * from './constants';
export * from './generation';
export * from './health';
export * from './routes';
