export * from './factories';
export * from './fixtures';
export * from './generation';
export * from './test-server';
