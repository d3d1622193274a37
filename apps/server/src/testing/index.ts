export * from './factories';
export * from './generation';
export * from './test-server';
